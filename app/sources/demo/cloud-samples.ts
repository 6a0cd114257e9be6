/**
 * Monitor samples of the demo's cloud estate: a pure function of (seed, instance, time) at 5-minute resolution,
 * like the fleet's other samples. CPU follows a daily rhythm with weekend dips, drift, noise and rare spikes; the
 * 1-minute peak rises over the 5-minute mean; memory moves slowly (null without a memory agent); network and disk
 * follow the CPU (a busy instance moves more bytes), with packets and operations from bytes at a typical size.
 *
 * An instance has no sample before it was created, while it is stopped (office hours) or, in a scale group, while
 * it is not in service. Before a type change, utilisation is that of the same work on the previous type.
 *
 * Speed: 20,000 instances x 30 days at an hourly step is 173 million 5-minute samples, so a sample costs a few
 * hashes and no allocation (the series allocates only the points it returns). Measured: 10.4 s of CPU on one core
 * for those 20,000 (60 ns a sample; the 2-core machine shared at load 12-15, 30 s of wall time), 1.5 s more for
 * their 989 groups' size and mean series. Instances are independent: workers divide it.
 */
import type { CloudSample } from "~/engine/cloud/types";
import type { UtilisationModel } from "./samples";
import { checkWindow, utilisationSampleAt } from "./samples";
import { fmix32, mix2 } from "./random";
import { DriftWindow, STEP, daily, isOpen, isWeekend, type DailyPhase, type OfficeHours } from "./cloud-rhythm";
import { groupWindow, type GroupShape, type GroupWindow } from "./cloud-groups";

const SALT_DRIFT = 0x297a2d39;
const SALT_IO = 0x68e31da4;
const SALT_MEM = 0x3c6ef372;
const SALT_SKEW = 0x1b873593;

/** A service's load pattern, in % of its current instance type. */
export interface CloudLoad extends DailyPhase {
  entity: number;
  /** Mean CPU % before the daily cycle, weekends and noise (unused for scale-group members: the group's load). */
  cpuBase: number;
  dailyAmp: number;
  weekendDip: number;
  /** 5-minute noise, ± this share. */
  noise: number;
  /** Chance per 5 minutes of a CPU spike. */
  spikeP: number;
  /** A 1-minute peak is up to (1 + burst) times the 5-minute mean. */
  burst: number;
  /** Mean memory %, or null when no agent reports memory. */
  memBase: number | null;
  memDailyAmp: number;
  /** Network: bytes/s received at rest, and per % of CPU; sent as a share of received; bytes per packet. */
  netFloor: number;
  netPerPct: number;
  netOutRatio: number;
  packetBytes: number;
  /** Disk: bytes/s at rest and per % of CPU, read and written; bytes per operation. */
  diskFloor: number;
  diskReadPerPct: number;
  diskWritePerPct: number;
  readIoBytes: number;
  writeIoBytes: number;
}

export interface CloudModel {
  load: CloudLoad;
  /** The first slot with a sample (creation, or joining the group). */
  firstSlot: number;
  /** Stopped outside these hours. */
  hours: OfficeHours | null;
  /** Before `slot` the instance had another type: utilisation there is scaled by these factors. */
  change: { slot: number; cpuScale: number; memScale: number } | null;
  /** A scale group's member (`member` its index in order of joining) or, with member -1, the group's mean. */
  group: GroupShape | null;
  member: number;
  /** A Kubernetes node's instance: CPU and memory are the node's own (nodeSamples). */
  node: UtilisationModel | null;
}

// Every load and model is built by these two functions, so all have one hidden class and the sample loop's
// property reads stay monomorphic (objects built by spreads in different orders made it 3.5 times slower).

export function cloudLoad(p: CloudLoad): CloudLoad {
  return {
    entity: p.entity,
    cosPeak: p.cosPeak,
    sinPeak: p.sinPeak,
    cpuBase: p.cpuBase,
    dailyAmp: p.dailyAmp,
    weekendDip: p.weekendDip,
    noise: p.noise,
    spikeP: p.spikeP,
    burst: p.burst,
    memBase: p.memBase,
    memDailyAmp: p.memDailyAmp,
    netFloor: p.netFloor,
    netPerPct: p.netPerPct,
    netOutRatio: p.netOutRatio,
    packetBytes: p.packetBytes,
    diskFloor: p.diskFloor,
    diskReadPerPct: p.diskReadPerPct,
    diskWritePerPct: p.diskWritePerPct,
    readIoBytes: p.readIoBytes,
    writeIoBytes: p.writeIoBytes,
  };
}

/** A model with the one hidden class (its load must come from cloudLoad). */
export function cloudModel(p: CloudModel): CloudModel {
  return { load: p.load, firstSlot: p.firstSlot, hours: p.hours, change: p.change, group: p.group, member: p.member, node: p.node };
}

/** Field order of a raw sample in the scratch array. */
const CPU = 0;
const PEAK = 1;
const MEM = 2;
const NET_IN = 3;
const NET_OUT = 4;
const PACKETS = 5;
const READ = 6;
const WRITE = 7;
const READ_OPS = 8;
const WRITE_OPS = 9;
const FIELDS = 10;

const round1 = (x: number) => Math.round(x * 10) / 10;
/** Packets to 3 decimals: an idle instance sends a few hundredths of a packet per second. */
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const clampPct = (x: number) => (x > 100 ? 100 : x < 0 ? 0 : x);
const U16 = 1 / 65536;

/** What a window's samples share, computed once per call: drift knots, the group's size and load, the skew. */
interface Prepared {
  cpuDrift: DriftWindow;
  memDrift: DriftWindow;
  group: GroupWindow | null;
  /** A member's share of the group's per-instance load (members differ a little). */
  skew: number;
}

function prepare(m: CloudModel, kStart: number, kEnd: number): Prepared {
  const l = m.load;
  return {
    cpuDrift: new DriftWindow(l.entity ^ SALT_DRIFT, kStart, kEnd),
    memDrift: new DriftWindow(l.entity ^ SALT_MEM, kStart, kEnd),
    group: m.group ? groupWindow(m.group, kStart, kEnd) : null,
    skew: m.member < 0 ? 1 : 0.92 + 0.16 * ((mix2(l.entity ^ SALT_SKEW, m.member) >>> 16) * U16),
  };
}

/** The mean CPU % at slot k (`d` the daily cycle then), or -1 when there is no sample then. */
function cpuMeanAt(m: CloudModel, p: Prepared, k: number, d: number): number {
  if (k < m.firstSlot) return -1;
  if (m.hours && !isOpen(m.hours, k)) return -1;
  const w = p.group;
  if (w) {
    const j = k - w.kStart + 1;
    const n = Math.min(w.desired[j], w.desired[j - 1]);
    if (n === 0 || m.member >= n) return -1;
    return (w.load[j] / n) * p.skew;
  }
  const l = m.load;
  const weekend = isWeekend(k) ? 1 - l.weekendDip : 1;
  return l.cpuBase * (1 + l.dailyAmp * d) * weekend * (1 + 0.2 * p.cpuDrift.at(k));
}

/**
 * Adds the raw sample at slot k (in the prepared window), unrounded, into `acc`: every field summed, except the
 * peak, the highest so far. False (nothing added) when there is no sample then.
 */
function addRaw(m: CloudModel, p: Prepared, k: number, acc: Float64Array): boolean {
  const l = m.load;
  const d = daily(l, k);
  const mean = cpuMeanAt(m, p, k, d);
  if (mean < 0) return false;
  const h1 = mix2(l.entity, k);
  const h2 = fmix32(h1 ^ SALT_IO);
  const uNoise = (h1 & 0xffff) * U16;
  const uSpike = (h1 >>> 16) * U16;
  const uNet = (h2 & 0xffff) * U16;
  const uDisk = (h2 >>> 16) * U16;
  let cpu: number;
  let mem: number;
  if (m.node) {
    const s = utilisationSampleAt(m.node, k);
    cpu = s.cpu;
    mem = s.mem;
  } else {
    cpu = mean * (1 + l.noise * (2 * uNoise - 1));
    if (uSpike < l.spikeP) cpu *= 1.5 + uSpike / l.spikeP;
    mem = l.memBase === null ? -1 : l.memBase * (1 + l.memDailyAmp * d) * (1 + 0.05 * p.memDrift.at(k));
  }
  const change = m.change;
  if (change && k < change.slot) {
    cpu *= change.cpuScale;
    mem *= change.memScale;
  }
  cpu = clampPct(cpu);
  // The busiest minute: usually a little over the mean, now and then well over it.
  const b = uNoise * uNoise * uNoise;
  const peak = clampPct(cpu * (1 + 0.03 + l.burst * b));
  acc[CPU] += cpu;
  if (peak > acc[PEAK]) acc[PEAK] = peak;
  acc[MEM] += l.memBase === null ? -1 : clampPct(mem);
  const netIn = l.netFloor + l.netPerPct * cpu * (0.85 + 0.3 * uNet);
  const netOut = netIn * l.netOutRatio * (0.9 + 0.2 * uDisk);
  acc[NET_IN] += netIn;
  acc[NET_OUT] += netOut;
  acc[PACKETS] += (netIn + netOut) / l.packetBytes;
  const read = l.diskFloor * 0.3 + l.diskReadPerPct * cpu * (0.7 + 0.6 * uDisk);
  const write = l.diskFloor + l.diskWritePerPct * cpu * (1.3 - 0.6 * uNet);
  acc[READ] += read;
  acc[WRITE] += write;
  acc[READ_OPS] += read / l.readIoBytes;
  acc[WRITE_OPS] += write / l.writeIoBytes;
  return true;
}

/** Rounded as reported: % and per-second counts to 0.1, bytes to whole bytes. */
function roundInPlace(r: Float64Array): void {
  r[CPU] = round1(r[CPU]);
  r[PEAK] = round1(r[PEAK]);
  if (r[MEM] >= 0) r[MEM] = round1(r[MEM]);
  r[NET_IN] = Math.round(r[NET_IN]);
  r[NET_OUT] = Math.round(r[NET_OUT]);
  r[PACKETS] = round3(r[PACKETS]);
  r[READ] = Math.round(r[READ]);
  r[WRITE] = Math.round(r[WRITE]);
  r[READ_OPS] = round1(r[READ_OPS]);
  r[WRITE_OPS] = round1(r[WRITE_OPS]);
}

function toSample(t: number, r: Float64Array, hasMem: boolean): CloudSample {
  return {
    t,
    cpuPct: r[CPU],
    cpuPeakPct: r[PEAK],
    memPct: hasMem ? r[MEM] : null,
    netInBytes: r[NET_IN],
    netOutBytes: r[NET_OUT],
    netPackets: r[PACKETS],
    diskReadBytes: r[READ],
    diskWriteBytes: r[WRITE],
    diskReadOps: r[READ_OPS],
    diskWriteOps: r[WRITE_OPS],
  };
}

/**
 * Samples of [fromMs, toMs) at stepMs. A coarser step is the mean of the 5-minute samples in [t, t + stepMs),
 * except the peak, which stays the highest 1-minute CPU within the step (CloudWatch's Maximum statistic). The mean
 * is of the values before their rounding to what a monitor reports (rounding each first cost a third of the time).
 */
export function cloudSeries(m: CloudModel, fromMs: number, toMs: number, stepMs: number): CloudSample[] {
  checkWindow(fromMs, toMs, stepMs);
  const out: CloudSample[] = [];
  if (toMs <= fromMs) return out;
  const per = stepMs / STEP;
  const hasMem = m.load.memBase !== null;
  const acc = new Float64Array(FIELDS);
  const kStart = Math.ceil(fromMs / stepMs) * per;
  const kEnd = Math.max(kStart, Math.ceil(toMs / stepMs) * per);
  const p = prepare(m, kStart, kEnd);
  for (let t0 = Math.ceil(fromMs / stepMs) * stepMs; t0 < toMs; t0 += stepMs) {
    const k0 = (t0 / STEP) | 0;
    if (k0 + per <= m.firstSlot) continue;
    acc.fill(0);
    let n = 0;
    for (let k = k0; k < k0 + per; k++) if (addRaw(m, p, k, acc)) n++;
    if (n === 0) continue;
    if (n > 1) {
      const peak = acc[PEAK];
      for (let f = 0; f < FIELDS; f++) acc[f] /= n;
      acc[PEAK] = peak;
    }
    roundInPlace(acc);
    out.push(toSample(t0, acc, hasMem));
  }
  return out;
}

/** The mean of several instances' series, point by point (a group's mean over its members in service then). */
export function meanSeries(all: CloudSample[][]): CloudSample[] {
  const byT = new Map<number, { n: number; mem: number; memN: number; sum: Float64Array }>();
  for (const series of all) {
    for (const s of series) {
      let acc = byT.get(s.t);
      if (!acc) byT.set(s.t, (acc = { n: 0, mem: 0, memN: 0, sum: new Float64Array(FIELDS) }));
      acc.n++;
      if (s.memPct !== null) {
        acc.mem += s.memPct;
        acc.memN++;
      }
      const v = acc.sum;
      v[CPU] += s.cpuPct;
      v[PEAK] += s.cpuPeakPct;
      v[NET_IN] += s.netInBytes;
      v[NET_OUT] += s.netOutBytes;
      v[PACKETS] += s.netPackets;
      v[READ] += s.diskReadBytes;
      v[WRITE] += s.diskWriteBytes;
      v[READ_OPS] += s.diskReadOps;
      v[WRITE_OPS] += s.diskWriteOps;
    }
  }
  return [...byT.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, acc]) => {
      for (let f = 0; f < FIELDS; f++) acc.sum[f] /= acc.n;
      acc.sum[MEM] = acc.memN ? acc.mem / acc.memN : -1;
      roundInPlace(acc.sum);
      return toSample(t, acc.sum, acc.memN > 0);
    });
}
