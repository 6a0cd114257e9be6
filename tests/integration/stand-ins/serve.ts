/**
 * Starts the three stand-ins for a whole server run (the end-to-end tests): prints one line `STAND-INS {json}` with
 * the settings the product needs (endpoints, CA file, AWS's own credentials), writes the GCP key file the tests
 * upload to `--key-file`, and stops on SIGTERM.
 */
import fs from "node:fs";
import path from "node:path";
import { awsScenario, startAwsStandIn } from "./aws";
import { azureScenario, startAzureStandIn } from "./azure";
import { gcpKeyFile, gcpScenario, startGcpStandIn } from "./gcp";
import { selfSignedCert } from "./tls";

const keyFileArg = process.argv.indexOf("--key-file");
const keyFile = keyFileArg > 0 ? process.argv[keyFileArg + 1]! : "tests/e2e/.artifacts/gcp-key.json";

const tls = selfSignedCert();
// The end-to-end AWS account: the five instances of the default scenario, an Auto Scaling group of two more and a
// database, all in us-east-1 besides the two eu-west-1 instances.
const base = awsScenario();
const aws = await startAwsStandIn(
  awsScenario({
    instances: [
      ...base.instances,
      { id: "i-0eee000000000001", type: "m5.large", region: "us-east-1", zone: "us-east-1a", name: "web-asg-1" },
      { id: "i-0eee000000000002", type: "m5.large", region: "us-east-1", zone: "us-east-1b", name: "web-asg-2" },
    ],
    groups: [
      { name: "web-asg", region: "us-east-1", members: ["i-0eee000000000001", "i-0eee000000000002"], min: 1, max: 4, desired: 2, zones: ["us-east-1a", "us-east-1b"], created: "2026-01-15T10:00:00.000Z", cpuTarget: 50, sizeMetrics: true },
    ],
    databases: [{ identifier: "orders-db", resourceId: "db-ORDERSE2E000000000000001", dbClass: "db.m5.large", region: "us-east-1", zone: "us-east-1a", engine: "postgres", created: "2026-01-15T10:00:00.000Z" }],
  }),
);
const azure = await startAzureStandIn(azureScenario(), tls);
const gcpS = gcpScenario();
const gcp = await startGcpStandIn(gcpS);
fs.mkdirSync(path.dirname(keyFile), { recursive: true });
fs.writeFileSync(keyFile, gcpKeyFile(gcpS));

const settings = {
  KUBEX_AWS_ENDPOINT: aws.url,
  AWS_ACCESS_KEY_ID: "AKIASTANDINTEST",
  AWS_SECRET_ACCESS_KEY: "stand-in-secret",
  AWS_REGION: "us-east-1",
  AWS_EC2_METADATA_DISABLED: "true",
  KUBEX_AZURE_AUTHORITY_HOST: azure.url,
  KUBEX_AZURE_ARM_ENDPOINT: azure.url,
  KUBEX_CLOUD_CA_FILE: tls.caFile,
  KUBEX_GCP_TOKEN_URL: `${gcp.url}/token`,
  KUBEX_GCP_COMPUTE_ENDPOINT: gcp.url,
  KUBEX_GCP_MONITORING_ENDPOINT: gcp.url,
};
process.stdout.write(`STAND-INS ${JSON.stringify(settings)}\n`);

const stop = async () => {
  await Promise.all([aws.close(), azure.close(), gcp.close()]);
  fs.rmSync(tls.dir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
