import { describe, expect, it } from "vitest";
import { COST_SAVER_POLICY, POLICIES } from "~/engine/policy";
import { readWhatIfQuestion } from "./what-if-form";

const q = (s: string) => readWhatIfQuestion(new URLSearchParams(s), POLICIES);

describe("the what-if form", () => {
  it("asks nothing until a policy is chosen, and says so for an unknown name", () => {
    expect(q("")).toMatchObject({ base: null, policy: null, errors: {} });
    expect(q("policy=Nope").errors.policy).toBe('There is no policy named "Nope".');
  });

  it("runs a chosen policy as it is, the name read without case", () => {
    expect(q("policy=cost%20saver").policy).toBe(COST_SAVER_POLICY);
  });

  it("pre-fills every field from the chosen policy when editing starts", () => {
    const r = q("policy=Cost%20Saver&edit=1");
    expect(r.fields.cpuAnalysisMetric).toBe("Sustained");
    expect(r.fields.maxPercentDecrease).toBe("75");
    expect(r.fields.excludedHours).toBe("");
    expect(r.policy).toBe(COST_SAVER_POLICY);
  });

  it("runs an edited copy under its own name, the base left as it is", () => {
    const r = q("policy=Cost%20Saver&edit=1&p.cpuRequestHeadroom=25&p.excludedHours=3,%201&p.includeWeekends=false");
    expect(r.errors).toEqual({});
    expect(r.policy?.name).toBe("Cost Saver (edited, unsaved)");
    expect(r.policy?.values).toMatchObject({ cpuRequestHeadroom: 25, excludedHours: [1, 3], includeWeekends: false, cpuAnalysisMetric: "Sustained" });
    expect(COST_SAVER_POLICY.values.cpuRequestHeadroom).toBe(0);
  });

  it("starts afresh from another policy chosen while editing", () => {
    const r = q("policy=Performance%20First&from=Cost%20Saver&edit=1&p.cpuRequestHeadroom=25&p.cpuAnalysisMetric=Sustained");
    expect(r.policy?.name).toBe("Performance First");
    expect(r.fields.cpuRequestHeadroom).toBe("20");
    expect(q("policy=Cost%20Saver&from=cost%20saver&edit=1&p.cpuRequestHeadroom=25").policy?.name).toBe("Cost Saver (edited, unsaved)");
  });

  it("puts one message beside each bad field and runs nothing", () => {
    const r = q("policy=Cost%20Saver&edit=1&p.cpuRequestHeadroom=250&p.workloadRangeDays=abc&p.excludedHours=25");
    expect(r.policy).toBeNull();
    expect(r.errors.cpuRequestHeadroom).toBe('CPU Request Headroom must be a number from 0 to 200 % (got 250).');
    expect(r.errors.workloadRangeDays).toBe('Workload Range must be a whole number from 1 to 90 days (got "abc").');
    expect(r.errors.excludedHours).toBe("Excluded Hours must be hours of day from 0 to 23 (got 25).");
    expect(r.fields.workloadRangeDays).toBe("abc");
  });

  it("reports a rule across fields beside the field it names", () => {
    const r = q("policy=Cost%20Saver&edit=1&p.minimumDays=10&p.workloadRangeDays=7");
    expect(r.errors.minimumDays).toBe("Minimum Days (10) cannot exceed the Workload Range (7 days).");
  });
});
