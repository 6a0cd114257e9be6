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
const aws = await startAwsStandIn(awsScenario());
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
