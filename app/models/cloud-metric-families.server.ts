/**
 * The metric families of the Cloud Metric Viewer (spec document 3, section 3 "Metric series per entity"), one per
 * viewer, each metric with how it is read from a CloudSample (or a scale group's GroupSizeSample). Metrics the
 * sources do not measure (disk space, EBS, paging, swap, burst balance, committed memory, cache, packets by
 * direction) have no reader: the API answers them as null, so a client sees the family whole and offers no chart.
 */
import type { CloudService } from "~/engine/source-contract";
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";

export interface CloudMetricDef {
  /** The field name in the API. */
  key: string;
  /** What it is, with its unit; the schema's description. */
  description: string;
  sample?: (s: CloudSample, memoryBytes: number) => number | null;
  size?: (g: GroupSizeSample) => number;
}

const MB = 1_048_576;
const unmeasured = (key: string, what: string): CloudMetricDef => ({ key, description: `${what}. Not measured by the sources: always null.` });
const read = (key: string, description: string, sample: CloudMetricDef["sample"]): CloudMetricDef => ({ key, description, sample });
const memUsed = (s: CloudSample, bytes: number) => (s.memPct === null ? null : (s.memPct / 100) * bytes);
const memFree = (s: CloudSample, bytes: number) => (s.memPct === null ? null : (1 - s.memPct / 100) * bytes);
const memPct = (s: CloudSample) => s.memPct;
const AGENT = "(from the memory agent; null without one)";

const EC2: readonly CloudMetricDef[] = [
  read("cpuUtilization", "CPU utilisation, % (5-minute average).", (s) => s.cpuPct),
  read("cpuUtilizationMax", "Highest 1-minute CPU utilisation within each 5 minutes, %.", (s) => s.cpuPeakPct),
  unmeasured("diskFree", "Free disk space, %"),
  unmeasured("diskUsed", "Disk space used, %"),
  read("diskOps", "Disk operations per second, read and write.", (s) => s.diskReadOps + s.diskWriteOps),
  read("diskRead", "Disk bytes read per second.", (s) => s.diskReadBytes),
  read("diskWrite", "Disk bytes written per second.", (s) => s.diskWriteBytes),
  unmeasured("ebsBalance", "EBS burst balance, %"),
  unmeasured("ebsOps", "EBS operations per second (the instance's disk operations are diskOps)"),
  unmeasured("ebsThroughput", "EBS bytes per second (the instance's disk bytes are diskRead and diskWrite)"),
  read("memoryUsedPercent", `Memory in use, % ${AGENT}.`, memPct),
  read("networkIn", "Network bytes received per second.", (s) => s.netInBytes),
  read("networkOut", "Network bytes sent per second.", (s) => s.netOutBytes),
  read("networkPackets", "Network packets per second, in and out.", (s) => s.netPackets),
  read("networkThroughput", "Network bytes per second, in and out.", (s) => s.netInBytes + s.netOutBytes),
  unmeasured("paging", "Paging, pages per second"),
  unmeasured("swap", "Swap in use, %"),
];

const ASG: readonly CloudMetricDef[] = [
  ...EC2,
  { key: "runningInstancesCalculated", description: "Instances running, counted from the group's members (its in-service instances).", size: (g) => g.inService },
  { key: "groupInServiceInstances", description: "Instances in service.", size: (g) => g.inService },
  { key: "groupMaxSize", description: "The group's configured maximum size.", size: (g) => g.max },
  { key: "groupMinSize", description: "The group's configured minimum size.", size: (g) => g.min },
  { key: "groupTotalInstances", description: "Instances in the group, in service or launching and terminating: its desired capacity.", size: (g) => g.desired },
];

const RDS: readonly CloudMetricDef[] = [
  unmeasured("burstBalance", "Storage burst balance, %"),
  read("cpuUtilization", "CPU utilisation, % (5-minute average).", (s) => s.cpuPct),
  read("diskOps", "Storage operations per second, read and write.", (s) => s.diskReadOps + s.diskWriteOps),
  read("diskThroughput", "Storage bytes per second, read and written.", (s) => s.diskReadBytes + s.diskWriteBytes),
  read("freeableMemory", `Memory not in use, bytes ${AGENT}.`, memFree),
  read("memoryUsed", `Memory in use, bytes ${AGENT}.`, memUsed),
  read("memoryAvailable", `Memory available, bytes: the class's memory less what is in use ${AGENT}.`, memFree),
  read("memoryUtilization", `Memory in use, % ${AGENT}.`, memPct),
  read("networkReceive", "Network bytes received per second.", (s) => s.netInBytes),
  read("networkTransmit", "Network bytes sent per second.", (s) => s.netOutBytes),
  read("networkThroughput", "Network bytes per second, received and sent.", (s) => s.netInBytes + s.netOutBytes),
  read("readIops", "Storage read operations per second.", (s) => s.diskReadOps),
  read("writeIops", "Storage write operations per second.", (s) => s.diskWriteOps),
  read("readThroughput", "Storage bytes read per second.", (s) => s.diskReadBytes),
  read("writeThroughput", "Storage bytes written per second.", (s) => s.diskWriteBytes),
  unmeasured("swapUsage", "Swap in use, bytes"),
];

const AZURE_VM: readonly CloudMetricDef[] = [
  read("percentageCpu", "CPU utilisation, % (5-minute average).", (s) => s.cpuPct),
  read("percentageCpuMax", "Highest 1-minute CPU utilisation within each 5 minutes, %.", (s) => s.cpuPeakPct),
  unmeasured("memoryCommitted", "Committed memory, bytes"),
  read("memoryAvailable", `Memory available, bytes ${AGENT}.`, memFree),
  read("memoryUsed", `Memory in use, bytes ${AGENT}.`, memUsed),
  read("memoryUtilization", `Memory in use, % ${AGENT}.`, memPct),
  unmeasured("percentUsedByCache", "Memory used by the cache, %"),
  read("percentMemory", `Memory in use, % ${AGENT}.`, memPct),
  read("diskOpsPerSec", "Disk operations per second, read and write.", (s) => s.diskReadOps + s.diskWriteOps),
  read("diskBytesPerSec", "Disk bytes per second, read and written.", (s) => s.diskReadBytes + s.diskWriteBytes),
  read("networkIn", "Network bytes received per second.", (s) => s.netInBytes),
  read("networkOut", "Network bytes sent per second.", (s) => s.netOutBytes),
  read("networkThroughput", "Network bytes per second, in and out.", (s) => s.netInBytes + s.netOutBytes),
];

const GCP: readonly CloudMetricDef[] = [
  read("cpuUtilization", "CPU utilisation, % (5-minute average).", (s) => s.cpuPct),
  read("diskReadBytesCount", "Disk bytes read per second.", (s) => s.diskReadBytes),
  read("diskWriteBytesCount", "Disk bytes written per second.", (s) => s.diskWriteBytes),
  read("diskReadOpsCount", "Disk read operations per second.", (s) => s.diskReadOps),
  read("diskWriteOpsCount", "Disk write operations per second.", (s) => s.diskWriteOps),
  read("diskThroughput", "Disk bytes per second, read and written.", (s) => s.diskReadBytes + s.diskWriteBytes),
  read("networkSentBytesCount", "Network bytes sent per second.", (s) => s.netOutBytes),
  read("networkReceivedBytesCount", "Network bytes received per second.", (s) => s.netInBytes),
  unmeasured("networkSentPacketsCount", "Network packets sent per second (the sources count packets in and out together)"),
  unmeasured("networkReceivedPacketsCount", "Network packets received per second (the sources count packets in and out together)"),
  read("networkIoThroughput", "Network bytes per second, sent and received.", (s) => s.netInBytes + s.netOutBytes),
  read("memoryBytesUsed", `Memory in use, bytes ${AGENT}.`, memUsed),
  read("memoryMbytesUsed", `Memory in use, MB ${AGENT}.`, (s, bytes) => (s.memPct === null ? null : (s.memPct / 100) * (bytes / MB))),
  read("memoryPercentUsed", `Memory in use, % ${AGENT}.`, memPct),
];

interface Viewer {
  /** The series and peek operations. */
  series: string;
  peek: string;
  /** The schema's type names: <typeName>Metrics (a bucket) and <typeName>Peek. */
  typeName: string;
  title: string;
  /** The service types it answers (section 9's groups). */
  services: readonly CloudService[];
  metrics: readonly CloudMetricDef[];
}

export const CLOUD_METRIC_VIEWERS = {
  AWS_EC2: { series: "metricsViewerAWSEC2", peek: "mvAwsEC2Peek", typeName: "AwsEc2", title: "an EC2 instance", services: ["EC2"], metrics: EC2 },
  AWS_ASG: { series: "metricsViewerAWSAsg", peek: "mvAwsAsgPeek", typeName: "AwsAsg", title: "an Auto Scaling group (its in-service members' mean)", services: ["ASG"], metrics: ASG },
  AWS_RDS: { series: "metricsViewerAWSRDS", peek: "mvAwsRdsPeek", typeName: "AwsRds", title: "an RDS database instance", services: ["RDS"], metrics: RDS },
  AZURE_VM: { series: "metricsViewerAzureVM", peek: "mvAzureVmPeek", typeName: "AzureVm", title: "an Azure VM or VM scale set (a scale set's in-service members' mean)", services: ["VM", "VMSS"], metrics: AZURE_VM },
  GCP: { series: "metricsViewerGCP", peek: "mvGcpCEPeek", typeName: "GcpCe", title: "a Compute Engine instance", services: ["GCE"], metrics: GCP },
} as const satisfies Record<string, Viewer>;
export type CloudMetricViewer = keyof typeof CLOUD_METRIC_VIEWERS;
