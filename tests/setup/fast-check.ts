// Property tests run the same cases on every run (a fixed seed), so a failure is reproducible; fast-check's report
// names the seed and the path of the failing case. FC_SEED=<n> explores other cases locally.
import fc from "fast-check";

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_125), numRuns: 200, endOnFailure: true });
