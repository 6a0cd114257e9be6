import { describe, expect, it } from "vitest";
import { parseAwsCatalog } from "./aws";
import { CatalogParseError } from "./errors";

// Three lines as they are in aws-ec2-us-east-1-2023-08-30.txt (the Apple M1 processor text holds plain commas).
const M5 =
  "Instance type: m5.2xlarge,\tCPU: Intel Xeon Platinum 8175,\t Arch: x86_64,\tCPU cores: 8,\tMemory(GB): 32,\tEBS Throughput(MB/s): 593.75,\tLinux OD cost in us-east-1: 0.384,\tWindows OD cost in us-east-1: 0.752,\tRHEL OD cost in us-east-1: 0.514,\tSLES OD cost in us-east-1: 0.509,\tLinux Spot cost in us-east-1: 0.1463,\tLinux Standard RI 1y AllUpfront cost in us-east-1: 0.241553,\tEBS surcharge:  0";
const A1 =
  "Instance type: a1.large,\tCPU: AWS Graviton Processor,\t Arch: arm64,\tCPU cores: 2,\tMemory(GB): 4,\tEBS Throughput(MB/s): 437.5,\tLinux OD cost in us-east-1: 0.051,\tWindows OD cost in us-east-1: 0,\tRHEL OD cost in us-east-1: 0.111,\tSLES OD cost in us-east-1: 0.1073,\tLinux Spot cost in us-east-1: 0.051,\tLinux Standard RI 1y AllUpfront cost in us-east-1: 0.030023,\tEBS surcharge:  0";
const MAC2 =
  "Instance type: mac2.metal,\tCPU: Apple M1 chip with 8-core CPU, 8-core GPU, and 16-core Neural Engine,\t Arch: arm64_mac,\tCPU cores: 12,\tMemory(GB): 16,\tEBS Throughput(MB/s): 1250,\tLinux OD cost in us-east-1: 0,\tWindows OD cost in us-east-1: 0,\tEBS surcharge:  0";

describe("parseAwsCatalog", () => {
  it("reads name, vCPUs, memory, prices, architecture and processor of each line", () => {
    const [m5] = parseAwsCatalog(M5);
    expect(m5).toEqual({
      provider: "AWS",
      name: "m5.2xlarge",
      region: "us-east-1",
      family: "m5",
      series: "m",
      generation: 5,
      size: "2xlarge",
      vcpus: 8,
      memoryGiB: 32,
      hourlyPrice: 0.384,
      windowsHourlyPrice: 0.752,
      spotHourlyPrice: 0.1463,
      architecture: "x86_64",
      processor: "Intel Xeon Platinum 8175",
      acu: null,
      burstable: false,
      accelerated: false,
      metal: false,
      specialised: false,
    });
  });

  it("keeps a price of 0 as null (not offered) and reads arm64", () => {
    const [a1] = parseAwsCatalog(A1);
    expect(a1).toMatchObject({ architecture: "arm64", hourlyPrice: 0.051, windowsHourlyPrice: null });
  });

  it("does not split a value at a comma without a tab", () => {
    const [mac] = parseAwsCatalog(MAC2);
    expect(mac).toMatchObject({
      processor: "Apple M1 chip with 8-core CPU, 8-core GPU, and 16-core Neural Engine",
      architecture: "arm64_mac",
      vcpus: 12,
      hourlyPrice: null,
      spotHourlyPrice: null,
    });
  });

  it("skips blank lines and accepts CRLF", () => {
    expect(parseAwsCatalog(`${M5}\r\n\r\n${A1}\r\n`).map((t) => t.name)).toEqual(["m5.2xlarge", "a1.large"]);
  });

  it("takes the region from the price keys", () => {
    const [t] = parseAwsCatalog(M5.replaceAll("us-east-1", "eu-west-1"));
    expect(t).toMatchObject({ region: "eu-west-1", hourlyPrice: 0.384, spotHourlyPrice: 0.1463 });
  });

  it("reports the line of an incomplete type", () => {
    const bad = `${M5}\nInstance type: x1.large,\tCPU cores: 2\n`;
    expect(() => parseAwsCatalog(bad)).toThrow(CatalogParseError);
    expect(() => parseAwsCatalog(bad)).toThrow(/line 2: x1.large/);
    expect(() => parseAwsCatalog("CPU cores: 2\n")).toThrow(/line 1: no 'Instance type'/);
    expect(() => parseAwsCatalog(`${M5.replace("Memory(GB): 32", "Memory(GB): 0")}\n`)).toThrow(/vCPUs or memory missing/);
    expect(() => parseAwsCatalog(`${M5.replace("Arch: x86_64", "Arch: sparc")}\n`)).toThrow(/unknown architecture 'sparc'/);
  });

  it("skips a cut-off last line without a newline (the shipped file ends in one), but not a finished one", () => {
    expect(parseAwsCatalog(`${M5}\n${A1}\nI`).map((t) => t.name)).toEqual(["m5.2xlarge", "a1.large"]);
    expect(parseAwsCatalog(`${M5}\nInstance type: t4g.medium,\tCPU: AWS Gra`)).toHaveLength(1);
    expect(() => parseAwsCatalog(`${M5}\nI\n`)).toThrow(/line 2/);
  });
});
