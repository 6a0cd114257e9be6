import { isOwnKey } from "~/lib/own-key";
import { describe, expect, it } from "vitest";
import { parseGridFilters } from "./grid-filters";
import { GRID_COLUMNS, availableColumns, visibleColumns } from "~/domain/containers/grid-columns";
import { GROUPABLE_FIELDS, SORTABLE_FIELDS } from "~/models/container-grid.server";

const parse = (q: string) => parseGridFilters(new URLSearchParams(q));

describe("the grid's floating filters", () => {
  it("reads text, numbers, yes/no and blanks into filters on whitelisted fields", () => {
    const { filters, errors, texts } = parse("f.namespace=shop&f.cluster==prod-a&f.recommendation=!=Optimal&f.currentCost=>=12.5&f.restartsLast7Days=3&f.hasCpuSaturation=Yes&f.primaryConstraint=(blank)&f.cpuRequest=<100");
    expect(errors).toEqual([]);
    expect(filters).toEqual([
      { field: "namespace", op: "contains", value: "shop" },
      { field: "cluster", op: "eq", value: "prod-a" },
      { field: "recommendation", op: "ne", value: "Optimal" },
      { field: "currentCost", op: "ge", value: 12.5 },
      { field: "restartsLast7Days", op: "eq", value: 3 },
      { field: "hasCpuSaturation", op: "eq", value: 1 },
      { field: "primaryConstraint", op: "blank" },
      { field: "cpuRequest", op: "lt", value: 100 },
    ]);
    expect(texts.currentCost).toBe(">=12.5");
  });

  it("refuses what does not parse with a message naming the column, and ignores empty boxes", () => {
    const { filters, errors } = parse("f.currentCost=lots&f.hasCpuSaturation=maybe&f.nodes=x&f.bogus=1&f.namespace=");
    expect(filters).toEqual([]);
    expect(errors).toEqual([
      "Current Cost: use a number, optionally after =, !=, >, >=, < or <= (e.g. >100).",
      "CPU Saturation: use yes or no.",
      "There is no column 'nodes' to filter.",
      "There is no column 'bogus' to filter.",
    ]);
  });
});

describe("the grid's columns", () => {
  it("cover every container-row field of the spec", () => {
    const keys = new Set(GRID_COLUMNS.map((c) => c.key));
    const spec = `entityId workspaceId cluster nodeGroupName namespace controllerType podService containerName policyName policyInstanceId nodes hostName
      auditCollectionAuditCount currentCount lastDayCount predictedUptime totalHours runningHours restartsLastDay restartsLast7Days memoryLimitEventLastDay
      memoryLimitEventLast7Days configLastChanged recommendation cpuRequest cpuLimit memRequest memLimit existingCpuRequest existingCpuLimit existingMemRequest
      existingMemLimit cpuSurplus cpuLimitSurplus memSurplus memLimitSurplus totalCpuSurplus totalMemSurplus totalExistingCpuRequest totalExistingMemRequest
      totalCpuRequestShortfall totalMemoryRequestShortfall cpuRequestVsPct cpuLimitVsPct memRequestVsPct memLimitVsPct cpuPeak cpuSustained cpuMin memPeak
      memSustained memMin currentCost netSavings totalCurrentCost totalNetSavings totalCpuRealizableGain totalMemoryRealizableGain totalRealizableGain
      additionalCpuWaste additionalMemoryWaste hasCpuSaturation hasMemSaturation cpuSaturationNodePct memSaturationNodePct primaryConstraint gpuRequest
      totalExistingGpuRequest gpuMemory totalGpuMemory`.split(/\s+/);
    expect(spec.filter((k) => !keys.has(k))).toEqual([]);
  });

  it("sort and filter only through the model's whitelist, and group by its groupable fields", () => {
    expect(GRID_COLUMNS.filter((c) => c.sortKey && !isOwnKey(SORTABLE_FIELDS, c.sortKey)).map((c) => c.key)).toEqual([]);
    expect(GROUPABLE_FIELDS.filter((g) => !GRID_COLUMNS.some((c) => c.key === g))).toEqual([]);
    expect(availableColumns(false).length).toBe(GRID_COLUMNS.length - 4);
  });

  it("show the standard set by default, the chosen ones from the address, GPU only with the flag", () => {
    expect(visibleColumns(null, false).map((c) => c.key)).toContain("recommendation");
    expect(visibleColumns(null, false).some((c) => c.gpu)).toBe(false);
    expect(visibleColumns("cluster,gpuMemory,nope", false).map((c) => c.key)).toEqual(["containerName", "cluster"]);
    expect(visibleColumns("cluster,gpuMemory", true).map((c) => c.key)).toEqual(["containerName", "cluster", "gpuMemory"]);
  });
});
