import { describe, expect, it } from "vitest";
import { accountOfRoleArn, groupSizesOf, policyText, scheduledText } from "./aws.server";

describe("policyText", () => {
  it("puts target tracking on average CPU as the console does, other metrics and policy kinds by name", () => {
    expect(policyText({ PolicyType: "TargetTrackingScaling", TargetTrackingConfiguration: { PredefinedMetricSpecification: { PredefinedMetricType: "ASGAverageCPUUtilization" }, TargetValue: 50 } })).toBe(
      "Target tracking: average CPU 50 %",
    );
    expect(policyText({ PolicyType: "TargetTrackingScaling", TargetTrackingConfiguration: { PredefinedMetricSpecification: { PredefinedMetricType: "ALBRequestCountPerTarget" }, TargetValue: 1000 } })).toBe(
      "Target tracking: requests per target 1000",
    );
    expect(policyText({ PolicyType: "TargetTrackingScaling", TargetTrackingConfiguration: { CustomizedMetricSpecification: { MetricName: "QueueDepth" }, TargetValue: 20 } })).toBe(
      "Target tracking: QueueDepth 20",
    );
    expect(policyText({ PolicyType: "StepScaling", PolicyName: "scale-out" })).toBe("Step scaling: scale-out");
    expect(policyText({ PolicyType: "PredictiveScaling", PolicyName: "forecast" })).toBe("Predictive scaling: forecast");
    expect(policyText({ PolicyName: "legacy" })).toBe("Simple scaling: legacy");
  });
});

describe("scheduledText", () => {
  it("names the action, its recurrence (with its time zone) or start, and the size it sets", () => {
    expect(scheduledText({ AutoScalingGroupName: "g", ScheduledActionName: "office", Recurrence: "0 8 * * 1-5", TimeZone: "Europe/Paris", DesiredCapacity: 4 })).toBe(
      "Scheduled: office (0 8 * * 1-5 Europe/Paris) to 4",
    );
    expect(scheduledText({ AutoScalingGroupName: "g", ScheduledActionName: "launch", StartTime: new Date("2026-12-01T00:00:00Z"), MinSize: 2 })).toBe(
      "Scheduled: launch (2026-12-01T00:00:00.000Z) to 2",
    );
  });
});

describe("groupSizesOf", () => {
  const group = { AutoScalingGroupName: "g", MinSize: 1, MaxSize: 5, DesiredCapacity: 3, HealthCheckType: "EC2", CreatedTime: new Date(0), AvailabilityZones: [], DefaultCooldown: 300 };

  it("reads the AWS/AutoScaling series when the group publishes them, filling a missing one with the size at collection", () => {
    const inService = new Map([
      [600_000, 2],
      [300_000, 3],
    ]);
    const desired = new Map([[300_000, 3]]);
    expect(groupSizesOf([inService, desired, new Map(), new Map()], group, 3, [])).toEqual([
      { t: 300_000, inService: 3, desired: 3, min: 1, max: 5 },
      { t: 600_000, inService: 2, desired: 3, min: 1, max: 5 },
    ]);
  });

  it("without them (metrics collection off): the sizes at collection on every step the members reported CPU", () => {
    expect(groupSizesOf([new Map(), new Map(), new Map(), new Map()], group, 2, [0, 300_000])).toEqual([
      { t: 0, inService: 2, desired: 3, min: 1, max: 5 },
      { t: 300_000, inService: 2, desired: 3, min: 1, max: 5 },
    ]);
  });
});

describe("accountOfRoleArn", () => {
  it("reads the account of a role ARN, or null", () => {
    expect(accountOfRoleArn("arn:aws:iam::123456789012:role/kubex-read")).toBe("123456789012");
    expect(accountOfRoleArn("arn:aws:iam::123:role/x")).toBeNull();
  });
});
