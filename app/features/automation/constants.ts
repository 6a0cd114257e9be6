/** The automation (admission webhook) constants (decision 019). */
import type { ResourceMinimum } from "~/domain/automation/admission";

/** The automation stack's version, recorded with every decision and shown as "Automation Stack Version". */
export const AUTOMATION_STACK_VERSION = "kubex-webhook 0.1.0";
/** The webhook listener's port when KUBEX_WEBHOOK_PORT is not set. */
export const DEFAULT_WEBHOOK_PORT = 8443;
/** The floor when KUBEX_WEBHOOK_MINIMUMS does not set one: 10 mCores and 16 MiB. */
export const DEFAULT_MINIMUM: ResourceMinimum = { cpu: 10, mem: 16 };
/** The largest AdmissionReview body read (Kubernetes objects are at most ~1.5 MiB in etcd). */
export const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;
