import { describe, expect, it } from "vitest";
import { contentDisposition, fileNameFromDisposition, REPORT_ERROR_NOTICE_MS, REPORT_ERROR_RESUME_MS, reportFileName, reportHeaders, reportOffered, reportPath } from "./report";

describe("the impact analysis report's file name (spec section 7)", () => {
  it("is provider_system_objectId.pdf", () => {
    expect(reportFileName("AWS", "jenkins-dev-01", "i-0f1e81f7d35a90b85")).toBe("AWS_jenkins-dev-01_i-0f1e81f7d35a90b85.pdf");
  });

  it("replaces characters unsafe in file names", () => {
    expect(reportFileName("Azure", "vm build/01", "/subscriptions/s-1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm-1")).toBe(
      "Azure_vm_build_01_subscriptions_s-1_resourceGroups_rg_providers_Microsoft.Compute_virtualMachines_vm-1.pdf",
    );
    expect(reportFileName("AWS", 'a:b*c?"d<e>f|g\\h', "arn:aws:rds:x")).toBe("AWS_a_b_c_d_e_f_g_h_arn_aws_rds_x.pdf");
    expect(reportFileName("AWS", "tab\tand\nnewline", "id")).toBe("AWS_tab_and_newline_id.pdf");
    expect(reportFileName("", "", "")).toBe("-_-_-.pdf");
    expect(reportFileName("GCP", "..hidden", "1")).toBe("GCP_..hidden_1.pdf");
  });

  it("stays within 200 characters before .pdf", () => {
    const name = reportFileName("Azure", "x".repeat(300), "y");
    expect(name).toHaveLength(204);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("travels in Content-Disposition with an ASCII fallback and the exact name", () => {
    const h = contentDisposition("AWS_büro_i-1.pdf");
    expect(h).toBe(`attachment; filename="AWS_b_ro_i-1.pdf"; filename*=UTF-8''AWS_b%C3%BCro_i-1.pdf`);
    expect(fileNameFromDisposition(h)).toBe("AWS_büro_i-1.pdf");
    expect(fileNameFromDisposition('attachment; filename="plain.pdf"')).toBe("plain.pdf");
    expect(fileNameFromDisposition("attachment; filename=bare.pdf")).toBe("bare.pdf");
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("inline")).toBeNull();
  });
});

describe("the report's address, headers and rules", () => {
  it("one path segment for the entity id, slashes and all", () => {
    expect(reportPath("i-1")).toBe("/CIRBA/api/v2/systems/i-1/analysis-report");
    expect(reportPath("arn:aws:autoscaling:x/y")).toBe("/CIRBA/api/v2/systems/arn%3Aaws%3Aautoscaling%3Ax%2Fy/analysis-report");
  });

  it("the spec's headers: the token, or an empty Basic authorization and App", () => {
    expect(reportHeaders("t0k")).toEqual({ Authorization: "Bearer t0k" });
    expect(reportHeaders(null)).toEqual({ Authorization: "Basic ", App: "Kubex" });
    expect(reportHeaders("")).toEqual({ Authorization: "Basic ", App: "Kubex" });
  });

  it("not offered for VMSS; the error notice's 3 s and 1.2 s resume delay", () => {
    expect(reportOffered("VMSS")).toBe(false);
    expect(reportOffered("VM Scale Set")).toBe(false);
    for (const t of ["EC2", "ASG", "RDS", "VM", "GCE"]) expect(reportOffered(t)).toBe(true);
    expect([REPORT_ERROR_NOTICE_MS, REPORT_ERROR_RESUME_MS]).toEqual([3000, 1200]);
  });
});
