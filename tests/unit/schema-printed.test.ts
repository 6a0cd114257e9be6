/**
 * The committed app/graphql/schema.graphql is the API as reviewers see it: it must equal the printed live schema.
 * After a deliberate schema change, regenerate it with: UPDATE_SCHEMA=1 npx vitest run tests/unit/schema-printed.test.ts
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isInputObjectType, isIntrospectionType, isObjectType, isSpecifiedScalarType, parse, printSchema, validate } from "graphql";
import { createSchema } from "~/graphql/schema.server";
import * as userOps from "../graphql-operations/user";
import * as featureOps from "../graphql-operations/feature-set";
import * as treeviewOps from "~/graphql/operations/treeview";
import * as nodeOps from "../graphql-operations/node";
import * as checkOps from "../graphql-operations/data-checks";
import * as containerOps from "../graphql-operations/containers";
import * as policyOps from "../graphql-operations/policy";
import * as metricsOps from "../graphql-operations/metrics";
import * as gridViewOps from "~/graphql/operations/grid-view";
import * as cloudOps from "../graphql-operations/cloud";
import type { TypedDocument } from "~/graphql/operations/typed-document";

const file = path.resolve(import.meta.dirname, "../../app/graphql/schema.graphql");
const schema = createSchema();

describe("the GraphQL schema", () => {
  it("equals the committed schema.graphql", () => {
    const live = `${printSchema(schema)}\n`;
    if (process.env.UPDATE_SCHEMA === "1") fs.writeFileSync(file, live);
    expect(fs.existsSync(file), "app/graphql/schema.graphql is missing; run with UPDATE_SCHEMA=1").toBe(true);
    expect(fs.readFileSync(file, "utf8"), "schema.graphql drifted from the live schema; run with UPDATE_SCHEMA=1 and review").toBe(live);
  });

  it("describes every type, field, argument and input field", () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of field.args) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
      if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) if (!field.description) missing.push(`${type.name}.${field.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has the spec's operations with the required variables non-null and ctx optional", () => {
    const query = schema.getQueryType()!.getFields();
    const mutation = schema.getMutationType()!.getFields();
    expect(Object.keys(query).sort()).toEqual(
      [
        "allFeatureSet",
        "analysis",
        "getAllAvailableProperties",
        "getContainerCountsByViewAndFilter",
        "getContainerDetailsByViewAndFilter",
        "getContainerDetailsForEntity",
        "getContainerOverviewByViewAndFilter",
        "getContainerRecommendationWhy",
        "getContainerRiskSummaryByViewAndFilter",
        "getFilterDefinitions",
        "getFilterDetails",
        "getFolderListJson",
        "getGridView",
        "getLeafListJson",
        "getLoginUserInfo",
        "getMaxFilterLines",
        "getParameters",
        "getPolicyWhatIf",
        "getSummaryAddonsByViewAndFilter",
        "getViewDefinitions",
        "getViewDetails",
        "getWorkloadChartData",
        "metricsViewerContainers",
        "parameterGroupDefinitions",
        "policyInstanceOverview",
        "policyInstances",
        "policies",
        "policyAssignments",
        "policyHistory",
        "policyReanalysisStatus",
        "hasCloudTransformAsgData",
        "hasCloudTransformData",
        "hasContainerTransformData",
        "nodeTreeJson",
        "nodeDetailIgnoreGuestFilter",
        "summaryAddonsIgnoreGuestFilter",
        "nodeGroupDetailsByViewAndFilter",
        "summaryAddonsByViewAndFilter",
        "capacitythreshold",
        "healththreshold",
        "nodeDetailById",
        "nodeGroupDetailByIdentifier",
        "metricsViewerNodes",
        "metricsViewerNodeGroup",
        "cloudexFolderSummary",
        "cloudexDetails",
        "metricsViewerAWSEC2",
        "metricsViewerAWSAsg",
        "metricsViewerAWSRDS",
        "metricsViewerAzureVM",
        "metricsViewerGCP",
        "mvAwsEC2Peek",
        "mvAwsAsgPeek",
        "mvAwsRdsPeek",
        "mvAzureVmPeek",
        "mvGcpCEPeek",
        "analysisDomain",
        "analysisScore",
        "analysisInstanceInfoInstanceType",
        "processorFeature",
        "getEntityAnalysisResultsById",
        "connectionList",
        "verifyConnectionSettings",
        "getKubexAWSAccountId",
        "prometheusConnections",
        "getContainerDataStatus",
        "getMutationControllerSummary",
        "getContainerConnectionCredentials",
      ].sort(),
    );
    expect(Object.keys(mutation).sort()).toEqual(
      [
        "deleteView",
        "deleteViewFilter",
        "saveOrUpdateView",
        "saveOrUpdateViewFilter",
        "setEntityAutomationStatus",
        "setTreePathAutomationStatus",
        "setAutomationStatusByTreePath",
        "setAutomationStatusForEntity",
        "createOrUpdateUserView",
        "updatePublicView",
        "deleteUserView",
        "publishUserViewAsPublic",
        "deletePublicView",
        "addViewAsFavorite",
        "removeViewFromFavorite",
        "deleteCloudConnections",
        "collectCloudConnection",
        "addPrometheusConnection",
        "updatePrometheusConnection",
        "verifyPrometheusConnection",
        "deletePrometheusConnection",
        "collectNow",
        "createPolicy",
        "copyPolicy",
        "updatePolicy",
        "deletePolicy",
        "assignPolicy",
        "unassignPolicy",
      ].sort(),
    );
    const required = new Set(["ids", "input", "id", "viewId", "filterId", "treeviewPath", "filterName", "viewName", "viewDef", "viewFilter", "entityId", "enableAutomation", "viewFilterId", "gridId", "view"]);
    // The chart an analysis call asks for; the grid's chartingEntry is an optional click-through.
    const requiredFor: Record<string, string[]> = {
      analysis: ["chartingEntry"],
      policyInstances: ["policyTypeProvider"],
      parameterGroupDefinitions: ["policyTypeProvider"],
      policyInstanceOverview: ["policyTypeProvider", "policyInstanceId"],
      assignPolicy: ["policyId", "path"],
      unassignPolicy: ["path"],
      metricsViewerContainers: ["startDate", "endDate"],
      nodeDetailById: ["nodeId"],
      nodeGroupDetailByIdentifier: ["nodeGroupName", "clusterName"],
      metricsViewerNodes: ["nodeId", "startDate", "endDate"],
      metricsViewerNodeGroup: ["nodeGroupId", "startDate", "endDate"],
      ...Object.fromEntries(["metricsViewerAWSEC2", "metricsViewerAWSAsg", "metricsViewerAWSRDS", "metricsViewerAzureVM", "metricsViewerGCP"].map((op) => [op, ["startDate", "endDate"]])),
      analysisDomain: ["serviceType"],
      processorFeature: ["serviceType"],
      analysisInstanceInfoInstanceType: ["instanceType"],
      getPolicyWhatIf: ["policyName"],
    };
    // policyInstances narrows to one container only when asked: a folder's call has no entity.
    const optionalFor: Record<string, string[]> = { policyInstances: ["entityId"], cloudexDetails: ["entityId"] };
    for (const field of [...Object.values(query), ...Object.values(mutation)]) {
      for (const arg of field.args) {
        expect(String(arg.type).endsWith("!"), `${field.name}(${arg.name})`).toBe(
          (required.has(arg.name) && !optionalFor[field.name]?.includes(arg.name)) || !!requiredFor[field.name]?.includes(arg.name),
        );
      }
    }
  });

  it("validates every client operation document", () => {
    const docs = [userOps, featureOps, treeviewOps, nodeOps, checkOps, containerOps, policyOps, metricsOps, gridViewOps, cloudOps].flatMap((m) => Object.values(m) as TypedDocument<unknown>[]);
    expect(docs.length).toBeGreaterThanOrEqual(27);
    for (const doc of docs) {
      expect(validate(schema, parse(doc.document)).map((e) => `${doc.operationName}: ${e.message}`)).toEqual([]);
    }
  });
});
