/**
 * The product's own documentation: one Help page per screen (issue 14, decision 026), written for the people who
 * use the screens. Content only, in one place: plain text in typed sections, rendered on the server by
 * components/help and searched with fuse.js (search.ts). The names and texts are the spec's and the screens'; how a
 * figure is computed follows design/ANALYSIS.md as the code implements it (README "How the numbers are made").
 */
import { HELP_TITLES, type HelpSlug } from "./titles";

export interface HelpTerm {
  /** The figure, column or control as the screen names it. */
  term: string;
  text: string;
}

export interface HelpSection {
  heading: string;
  paragraphs?: string[];
  terms?: HelpTerm[];
  steps?: string[];
}

export const HELP_GROUPS = ["Containers", "Nodes", "Cloud", "Connections and automation", "Everywhere"] as const;
export type HelpGroup = (typeof HELP_GROUPS)[number];

export interface HelpPage {
  slug: HelpSlug;
  title: string;
  group: HelpGroup;
  /** Where the screen is, in the words of the navigation. */
  where: string;
  /** The question the screen answers, one or two sentences. */
  answers: string;
  sections: HelpSection[];
  /** Slugs of the pages to read next. */
  related?: string[];
}

const COSTS: HelpTerm = {
  term: "How container costs are priced",
  text:
    "A container's cost is its CPU request in cores × the price of a CPU core plus its memory request in GB × the price of a GB, per month (730 hours), times its average number of replicas. The prices are the config parameters cpu_core_default_cost and memory_gib_default_cost, seeded with OpenCost's public on-demand defaults ($0.031611 per vCPU-hour and $0.004237 per GB-hour, about $23.08 per core-month and $3.09 per GB-month); the footnote \"based on $x/CPU Core, $y/Memory GB\" shows the prices in use.",
};

const RECOMMENDATION: HelpTerm = {
  term: "How a recommendation is made",
  text:
    "From the container's 5-minute samples of the policy's window (7 days by default): the CPU request is the 95th percentile of CPU usage plus the CPU headroom (0 % by default); the CPU limit is the peak plus 20 %, never below the request; the memory request is the peak working set plus 15 %; the memory limit is the memory request × 1.2, never below the peak + 15 %. Values are rounded up to the allocation increment (10 mCores, 16 MB) and kept within the allocation range. A change is recommended only when it moves a value by more than the upsize (10 %) or downsize (20 %) threshold, one step is capped at +300 % and −50 %, and nothing is downsized before 168 hours of data. A container with less data than the policy's minimum is \"not analysed\" and says why.",
};

export const HELP_PAGES: HelpPage[] = [
  {
    slug: "containers-summary",
    title: HELP_TITLES["containers-summary"],
    group: "Containers",
    where: "Containers in the navigation, Summary tab, for the folder selected in the tree.",
    answers:
      "Where is money wasted, and where are containers at risk, in the folder you selected? The Summary puts the folder's monthly spend, its waste and the way from today's spend to the optimal one on one screen.",
    sections: [
      {
        heading: "The figures",
        terms: [
          { term: "Current Spend", text: "What the folder's containers cost per month at their current requests (Σ current cost)." },
          {
            term: "Monthly Waste",
            text: "Current cost + the cost of unset requests at their recommendation − the recommended cost: what the folder spends beyond what its containers need, per month.",
          },
          {
            term: "Efficiency Rating",
            text: "Recommended cost ÷ (current cost + cost of unset requests). 100 % means the requests match what the containers use; below 100 % they ask for more than they use.",
          },
          {
            term: "Optimization Breakdown",
            text:
              "A waterfall from Current Spend to Optimal Spend. Immediate Savings: the spare requests of containers not at risk, which can be taken now. Risk Removal: what it costs to give containers at risk the requests they need (unset requests included). Additional Waste: the spare requests of containers at risk, which follow once their risk is removed. Optimal Spend: Σ recommended cost. Current + Immediate Savings + Risk Removal + Additional Waste = Optimal, to the cent.",
          },
          {
            term: "Why Monthly Waste, the Breakdown's Savings and Current − Optimal differ",
            text:
              "Three views of one scope. Monthly Waste counts every spare request less what set requests fall short of their recommendation. Current − Optimal also subtracts the whole Risk Removal, which prices unset requests too. The Breakdown's Savings are the Immediate Savings alone. The note under the cards gives the three amounts for the folder.",
          },
          COSTS,
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: [
          "Click a bar of the waterfall to see what is behind it; Escape or the close button closes the panel. Click a CPU or memory figure to open AI Analysis Details on exactly the containers behind it (a saved grid view such as realizable_cpu_saving). Click the container count to open the grid. Choose another folder in the tree, or another View or Filter above the tree, to see the same figures for it.",
        ],
      },
    ],
    related: ["containers-analysis-details", "containers-breakdown", "views-filters"],
  },
  {
    slug: "containers-breakdown",
    title: HELP_TITLES["containers-breakdown"],
    group: "Containers",
    where: "Containers, Breakdown tab.",
    answers: "Which sub-folders of the selected folder hold the containers, the cost, the savings and the risk?",
    sections: [
      {
        heading: "The figures",
        terms: [
          { term: "Children", text: "The folders one level down in the tree under the current View, sorted by container count, largest first; the bars are a share of the largest." },
          { term: "Cost and savings", text: "Each child's current monthly cost and the savings its containers' recommendations give, priced as on the Summary." },
          { term: "Containers at risk", text: "Containers with a request below their recommendation, or a CPU throttling or memory termination risk." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: [
          "Click a child to open it. Administrators can switch automation on or off for the whole folder with Enable Automation... (see Automation).",
        ],
      },
    ],
    related: ["containers-summary", "automation"],
  },
  {
    slug: "containers-histograms",
    title: HELP_TITLES["containers-histograms"],
    group: "Containers",
    where: "Containers, Histograms tab.",
    answers: "Are the folder's requests and limits too small, right or too large compared with what the containers need?",
    sections: [
      {
        heading: "The charts",
        terms: [
          {
            term: "Buckets",
            text: "For each container, existing ÷ recommended × 100, placed in the nearest of 20, 40, 60, 85 (too little), 100 (just right), 120, 150, 200, 300, 500 (too much); unset values go to Unspecified. The bars of one chart add up to the container count.",
          },
          { term: "Colours", text: "20 to 85 too little, 100 just right (green), 120 to 500 too much (yellow), Unspecified grey." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: ["Pick the resource (CPU, memory or both) and the metric (request, limit or both). Click a bar or its label to open AI Analysis Details on those containers."],
      },
    ],
    related: ["containers-analysis-details"],
  },
  {
    slug: "containers-analysis-details",
    title: HELP_TITLES["containers-analysis-details"],
    group: "Containers",
    where: "Containers, AI Analysis Details tab.",
    answers: "Which containers waste the most, which are at risk, and what requests and limits should each one have?",
    sections: [
      {
        heading: "The grid",
        paragraphs: [
          "One row per container of the folder, opened sorted by Net Savings, largest first (the arrow in the header shows the sort; click a header to sort by it). Grouped rows show their containers' count, Current Cost, Net Savings and surpluses. Shading shows the size of a waste or surplus: yellow for spare (waste), red for a shortfall, stronger the larger it is. A dash means no value.",
        ],
        terms: [
          { term: "Current Cost", text: "Its cost per month at its current requests, times its average replicas." },
          { term: "Net Savings", text: "Current cost − recommended cost: positive when the recommendation spends less." },
          { term: "Recommended request / limit", text: "What the analysis proposes for CPU (mCores) and memory (MB); the badge says Set Value, Increase, Decrease or No Change." },
          { term: "Surplus", text: "Existing request − recommended request, in mCores or MB; negative when the container needs more." },
          { term: "Risks", text: "CPU throttling (a limit set and the 95th percentile at 90 % of it, or throttling seen), memory pod termination (peak at 95 % of the limit, or OOM kills), process termination (OOM kills without a limit)." },
          RECOMMENDATION,
          COSTS,
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: [
          "Search the rows (fuzzy), pick or save a grid view (columns, sort and filters), export to CSV or Excel, and select a row to see its utilisation charts below. Click a container's name for its drawer (attributes, risks, adjustments, \"Why this recommendation\") and \"View container details\" for its own screen; click a policy name for the policy's settings.",
        ],
      },
    ],
    related: ["workload", "policies", "containers-summary"],
  },
  {
    slug: "policies",
    title: HELP_TITLES["policies"],
    group: "Containers",
    where: "Containers, Policies tab, and a container's Policies tab.",
    answers: "Which rules size the containers of this folder, and with which settings?",
    sections: [
      {
        heading: "The settings",
        terms: [
          { term: "Workload range", text: "How many days of samples the analysis reads (7 by default), with or without weekdays and weekends, and hours of the day to leave out." },
          { term: "Minimum data", text: "The days and hours of data a container needs before it is analysed." },
          { term: "Allocation ranges and increments", text: "The smallest and largest value a recommendation may take, and the step it is rounded up to (CPU 10 mCores, memory 16 MB)." },
          { term: "Analysis metric", text: "The percentile of CPU usage the CPU request follows (95th by default)." },
          { term: "Upsize / downsize thresholds", text: "How much a value must move before a change is recommended (10 % up, 20 % down)." },
          { term: "Max increase / decrease", text: "The largest step one recommendation may take (+300 %, −50 %)." },
          { term: "Min hours for downsize", text: "No downsizing before this many hours of data (168)." },
        ],
        paragraphs: ["Units are mCores, MB and $ per month; values marked per container apply to each replica. A missing value shows \"None\"."],
      },
    ],
    related: ["containers-analysis-details"],
  },
  {
    slug: "workload",
    title: HELP_TITLES["workload"],
    group: "Containers",
    where: "Select a container in the tree, or \"View container details\" in its drawer: Overview, Metrics Viewer and Policies tabs.",
    answers: "What does this one container use, what should its requests and limits be, and why?",
    sections: [
      {
        heading: "Overview",
        terms: [
          { term: "Attributes", text: "Cluster, namespace, workload and its kind, node group, replicas and the policy that sizes it." },
          { term: "Container risks and node group risks", text: "The container's own risks (throttling, terminations) and the health of the node group it runs on." },
          { term: "Resource adjustments", text: "Current and recommended CPU and memory requests and limits, per container." },
          { term: "Surplus cards", text: "How many mCores and MB the requests exceed (or fall short of) the recommendation, and what that costs per month." },
          { term: "Charts by hour of day", text: "The learned 24-hour pattern: for each hour, the box-plot of that hour's samples (recent days weigh more), with the recommended request and limit drawn on top." },
          RECOMMENDATION,
        ],
      },
      {
        heading: "Metrics Viewer",
        paragraphs: [
          "Choose the charts, a view mode (the learned pattern, or daily, hourly or 5-minute history; 5-minute samples cover the last 7 days) and which series show. The address keeps your choice, so a shared link opens the same charts.",
        ],
      },
    ],
    related: ["containers-analysis-details", "policies"],
  },
  {
    slug: "node-groups",
    title: HELP_TITLES["node-groups"],
    group: "Nodes",
    where: "Nodes in the navigation, Node Group Analysis tab; a node group's Overview.",
    answers: "Which node groups cost more than their workloads need, which are at risk, and which node type and count would fit them?",
    sections: [
      {
        heading: "The cards and the grid",
        paragraphs: [
          "The cards sum every group in scope: current cost, optimised cost, waste and the groups at risk. The grid opens sorted by waste, largest first, with the money beside the group's name and a total row for every group in scope.",
        ],
        terms: [
          {
            term: "Current Cost ($/month)",
            text: "Σ over the group's instance types of the catalog's hourly price (in the cluster's region where the catalog has one) × the node hours seen in the last 7 days × 730 ÷ the window's hours. One instance type without a price makes the cost unknown (a dash) rather than too low.",
          },
          {
            term: "Optimized Type and Optimized Nodes",
            text: "The catalog node type whose CPU:memory shape best fits the group's recommended requests, and how many of them the needs take at the capacity thresholds (the larger of the CPU and the memory need over one node's allocatable, rounded up).",
          },
          { term: "Optimized Cost ($/month)", text: "Optimized Nodes × that type's price × 730." },
          { term: "Waste ($/month)", text: "Current − optimized cost; negative (red) when the group needs more capacity than it has." },
          {
            term: "Health",
            text: "High Risk when more than 50 % of the nodes are CPU- or memory-saturated (CPU average or peak at 70 % or more, memory average at 90 % or peak at 95 %), when memory limit events occurred, or when a balance ratio is 10 or more. Medium Risk when any node is saturated, a balance ratio is above 2 or any node sits at its pod limit. Otherwise Low Risk.",
          },
          { term: "CPU / Memory Request %", text: "The group's requests as a share of its allocatable capacity." },
          { term: "Balance Ratio", text: "The larger of the CPU and memory request shares over the smaller: at 2 or above one resource is full while the other sits idle (stranded)." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: [
          "Sort by any column, export to Excel, select a group to see its utilisation charts, and open a group for its Overview (Analysis Summary, Node Group Information, Health (Last 7 Days), Resources Summary) and its Nodes. Groups named \"-default\" cannot be selected.",
        ],
      },
    ],
    related: ["nodes"],
  },
  {
    slug: "nodes",
    title: HELP_TITLES["nodes"],
    group: "Nodes",
    where: "Nodes, Nodes tab (all nodes, or a node group's); select a node for its details.",
    answers: "Which nodes cost the most and carry the most of their group's waste, and how busy is each one?",
    sections: [
      {
        heading: "The grid",
        paragraphs: [
          "One row per node, opened sorted by waste, largest first (the arrow shows the sort), with the node's waste and cost beside its name and a total row for every node in scope.",
        ],
        terms: [
          {
            term: "Cost ($/month)",
            text: "The node type's catalog price per hour × the hours the node ran in the last 7 days × 730 ÷ the window's hours: a node that ran all week costs its price × 730; one that ran half of it, half that. A group's nodes add up to the group's Current Cost. A dash: the catalog has no price for the node type.",
          },
          {
            term: "Waste ($/month)",
            text: "The node's share of its group's waste (current − optimized cost), in proportion to its cost: a node that is a quarter of its group's cost carries a quarter of its waste. Negative when the group needs more capacity.",
          },
          { term: "Avg / Peak CPU % and Memory %", text: "Utilisation of the node's capacity over the last 7 days; marked at the thresholds (CPU 70 / 70, memory 90 / 95)." },
          { term: "Node Hours, Age (Days), First Seen, Last Seen", text: "How long the node ran in the window, and its first and last sample." },
          { term: "Pods Average* and Pods Peak*", text: "Estimated: sources report pods per workload, not per node, so a node gets one pod of each DaemonSet plus an even share of its group's pods, scaled by its load at the peak and never above Max Allowed Pods." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: ["Sort, export to Excel, select a node to see its charts, or open it for its Overview and CPU and Memory Utilization (Last 7 Days)."],
      },
    ],
    related: ["node-groups"],
  },
  {
    slug: "cloud-summary",
    title: HELP_TITLES["cloud-summary"],
    group: "Cloud",
    where: "Cloud in the navigation, Summary tab, for the folder selected in the cloud tree.",
    answers: "What do the cloud services of this folder cost, what would they cost right-sized, and which actions get there?",
    sections: [
      {
        heading: "The figures",
        terms: [
          { term: "Current Spend and Optimal Spend", text: "Σ of the services' current and recommended monthly cost, each instance type at its catalog price × the service's uptime." },
          { term: "Waste or Shortfall", text: "Current − Optimal: \"Waste\" when the services can cost less, \"Shortfall\" when they need more to run safely." },
          { term: "Efficiency Rating", text: "Optimal ÷ Current spend." },
          { term: "Total Services", text: "Services per provider and type (EC2, ASG, RDS; VM, VM Scale Sets; Compute Engine); each count opens the grid on them." },
          {
            term: "Optimization Breakdown",
            text: "The waterfall from Current to Optimal Spend: Terminate and Modernize (Immediate Savings), Downsize and Downscale (Additional Waste), Upsize and Upscale (Risk Removal), with counts and amounts; hover a row to highlight its bar, click it to open those services.",
          },
        ],
      },
    ],
    related: ["cloud-services", "cloud-service"],
  },
  {
    slug: "cloud-services",
    title: HELP_TITLES["cloud-services"],
    group: "Cloud",
    where: "Cloud, AI Analysis Details tab.",
    answers: "Which cloud services should be terminated, modernised, resized or rescaled, and what does each change save?",
    sections: [
      {
        heading: "The grid",
        terms: [
          { term: "Optimization Type", text: "Terminate when idle all window (peak CPU under 5 %, negligible network); Modernize when the best fit is the same size in a newer generation; Downsize / Upsize by capacity; Downscale / Upscale for a scale group's size; otherwise Just Right." },
          { term: "Current and Recommended Instance Type and Cost", text: "Today's type and the best-scoring catalog type, each at its price per month × uptime." },
          { term: "Total Waste / Month and % Waste", text: "Current − recommended cost, and its share of the current cost." },
          { term: "Effort", text: "Low (same family), Medium (another family, same architecture), High (another architecture or operating system)." },
          { term: "ML State", text: "Learning until the service has enough data for its learned pattern, then Ready." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: ["Search, sort, pick or save grid views (by provider, service type or optimisation), export to CSV or Excel, select a row for its charts, and click a name for its details and the Impact Analysis Report."],
      },
    ],
    related: ["cloud-service", "catalog-map"],
  },
  {
    slug: "cloud-service",
    title: HELP_TITLES["cloud-service"],
    group: "Cloud",
    where: "Select a service in the cloud tree, or \"View cloud details\" in its drawer.",
    answers: "What should this instance, database or scale group become, and why?",
    sections: [
      {
        heading: "The cards",
        terms: [
          { term: "Optimization Summary", text: "The recommendation, current and recommended type, monthly costs and savings, and the effort." },
          { term: "System Information", text: "Provider, account, region, zone, operating system, sizes and dates as the cloud reports them." },
          { term: "Status Overview", text: "Power state, uptime and the analysis status." },
          {
            term: "Needed capacity",
            text: "vCPUs = current vCPUs × sustained CPU % × (current per-vCPU performance ÷ the candidate's), sized so the sustained load lands at or under 80 %; memory = active memory × 1.2. Where no memory agent runs, the memory stays as it is.",
          },
          { term: "Workload charts", text: "CPU, memory, network and disk by hour of day, from the service's samples." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: ["Download the Impact Analysis Report (not for VM Scale Sets), open the Catalog Map to compare other types, or the Metric Viewer for all charts."],
      },
    ],
    related: ["catalog-map", "cloud-services"],
  },
  {
    slug: "catalog-map",
    title: HELP_TITLES["catalog-map"],
    group: "Cloud",
    where: "A cloud service's Catalog Map tab (not for scale groups and GCP instances).",
    answers: "Which instance types could run this workload, and how does each compare with the current and recommended one?",
    sections: [
      {
        heading: "The map",
        terms: [
          { term: "Instance Type Analysis", text: "Instance families across, sizes down; each cell is one type, coloured by its score." },
          {
            term: "Score",
            text: "0: insufficient resources (red); 1–49: technically incompatible — architecture, operating system or features the instance uses (orange); 50–100: compatible and sufficient, 100 for the cheapest sufficient fit, falling with cost. Outside spend tolerance (yellow): cost × predicted uptime above the tolerance × the optimal cost.",
          },
          { term: "Per-vCPU performance", text: "A relative estimate by processor generation (Azure: ACU), labelled as such, never a SPEC result." },
        ],
      },
      {
        heading: "What you can do here",
        paragraphs: [
          "Narrow the types (commonly used, available in the region, meeting all policies), the processor suppliers and the spend tolerance; highlight types with given features; click a cell to compare it with the current and recommended types below.",
        ],
      },
    ],
    related: ["cloud-service"],
  },
  {
    slug: "cluster-connections",
    title: HELP_TITLES["cluster-connections"],
    group: "Connections and automation",
    where: "Connections in the navigation; administrators add clusters under Settings → Cluster connections.",
    answers: "Which clusters send data, when were they last collected, and how do I connect another one?",
    sections: [
      {
        heading: "The grid",
        terms: [
          { term: "First and Last Collection", text: "When the cluster was first and most recently collected." },
          { term: "Latest Node, Node Group and Container Count", text: "Counts at the latest collection; the analysis itself reads the last 7 days." },
        ],
      },
      {
        heading: "Connecting a cluster",
        steps: [
          "If the product runs as the demo sandbox (Settings, Features: Demo sandbox), connecting is blocked: an administrator turns it off first.",
          "Add the cluster's name and its Prometheus address (with a bearer token or user name and password if needed; stored encrypted and never shown again). kube-state-metrics must export node labels for node groups.",
          "Verify: Kubex checks that the store answers and has both exporters' series.",
          "Collect now, or wait for the daily collection; the analysis follows each collection.",
        ],
      },
    ],
    related: ["automation"],
  },
  {
    slug: "cloud-connections",
    title: HELP_TITLES["cloud-connections"],
    group: "Connections and automation",
    where: "Cloud Connections in the navigation (administrators manage them).",
    answers: "Which AWS accounts, Azure subscriptions and GCP projects are read, and how do I add one?",
    sections: [
      {
        heading: "The grid",
        terms: [
          { term: "No. of Accounts/Subscriptions/Projects", text: "What the connection reads." },
          { term: "Latest Service Count", text: "Instances, scale groups and databases found by the latest collection." },
        ],
      },
      {
        heading: "Adding a connection",
        steps: [
          "If the product runs as the demo sandbox (Settings, Features: Demo sandbox), connecting is blocked: an administrator turns it off first.",
          "AWS: create a role the installation may assume (its account ID and the External ID are shown), with read-only permissions (ec2:Describe*, autoscaling:Describe*, rds:DescribeDBInstances, cloudwatch:GetMetricData and ListMetrics), then verify and save.",
          "Azure: a service principal (Application ID, Secret Key, Tenant ID) with Reader on the subscriptions; choose the subscriptions.",
          "GCP: a service account with Compute Viewer and Monitoring Viewer.",
          "Each collection reads the last days of 5-minute utilisation; the cloud screens show the services after the analysis.",
        ],
      },
    ],
    related: ["cloud-summary"],
  },
  {
    slug: "automation",
    title: HELP_TITLES["automation"],
    group: "Connections and automation",
    where: "Automation in the navigation.",
    answers: "In which clusters are recommendations applied automatically, and how many pods were changed?",
    sections: [
      {
        heading: "The grid",
        terms: [
          { term: "Automation Deployed", text: "The cluster called the admission webhook in the last 7 days." },
          { term: "Last Optimization Time, Optimizations (Last 24h), Total Optimizations", text: "When a pod was last given new requests and limits, and how many were; the total row sums the clusters." },
        ],
      },
      {
        heading: "How it works",
        paragraphs: [
          "When a pod is created, the cluster asks Kubex, which sets the requests and limits of its containers to the latest analysis — only for containers whose automation is enabled (right-click a folder or container in the tree, or Enable Automation... on a folder's Breakdown), never below the configured minimums, never for init containers or injected sidecars, and never blocking a pod: when Kubex cannot be reached the pod starts unchanged.",
        ],
        steps: ["An administrator opens the MutatingWebhookConfiguration for a cluster here, copies it and applies it with kubectl.", "Enable automation on the folders or containers to optimise.", "Watch this screen and the latest decisions with their reasons."],
      },
    ],
    related: ["cluster-connections"],
  },
  {
    slug: "settings",
    title: HELP_TITLES["settings"],
    group: "Everywhere",
    where: "User menu → Settings and API tokens.",
    answers: "Which features are on, and how do scripts reach the API?",
    sections: [
      {
        heading: "What you find here",
        terms: [
          { term: "Features", text: "Administrators switch product features on and off for everyone; each has a name and a description of what it shows." },
          { term: "API tokens", text: "Every user can create tokens for scripts, each with a name and an expiry; the token is shown once, acts with your permissions and works until it expires or you revoke it." },
          { term: "Cluster connections", text: "Administrators add the clusters Kubex reads (see Kubernetes Connections)." },
        ],
      },
    ],
    related: ["graphql-api", "cluster-connections"],
  },
  {
    slug: "views-filters",
    title: HELP_TITLES["views-filters"],
    group: "Everywhere",
    where: "The Tree View and Tree Filter selectors above the tree; the pencil beside each opens Manage Views or Manage Filters.",
    answers: "How do I arrange the tree my way, and narrow it to the containers I care about?",
    sections: [
      {
        heading: "Views",
        paragraphs: [
          "A View is the order of properties the tree breaks containers down by (for example cluster, then namespace, then workload). In Manage Views choose the Property Selection and order the Property Breakdown, name it, and set it as your default, public, or read-only for other users.",
        ],
      },
      {
        heading: "Filters",
        paragraphs: ["A Filter keeps the containers matching its rows (Filter On, Condition, Value). Every figure of every screen is computed for the filtered tree."],
      },
      {
        heading: "Who may change what",
        paragraphs: ["Built-in Views and Filters and public ones owned by someone else are read-only; you can copy them. Names must be unique."],
      },
    ],
    related: ["containers-summary"],
  },
  {
    slug: "share",
    title: HELP_TITLES["share"],
    group: "Everywhere",
    where: "The Share button in the header, on every screen.",
    answers: "How do I send a colleague exactly what I am looking at?",
    sections: [
      {
        heading: "How it works",
        paragraphs: [
          "Every screen keeps its state in the address: the folder, View and Filter, tab, sort, page, selected row and charts. Share copies that address to the clipboard (\"Copied to clipboard\"); without JavaScript it opens a page with the address ready to copy. The colleague sees the same screen with their own permissions.",
        ],
      },
    ],
  },
  {
    slug: "graphql-api",
    title: HELP_TITLES["graphql-api"],
    group: "Everywhere",
    where: "POST /api/graphql/<service>, with a token from Settings.",
    answers: "How do scripts read the same figures the screens show?",
    sections: [
      {
        heading: "Calling it",
        paragraphs: [
          "Every screen's data comes from one GraphQL schema, served at /api/graphql/<service> for each service path (treeview, containers, nodegroups, k8s/node, cloudex, automation-status, …). Send Authorization: Bearer <token> with a token from Settings; without a valid token the answer is HTTP 401. Errors read \"<Category>: <text>\".",
          "Example: curl -s <your Kubex address>/api/graphql/treeview -H \"Authorization: Bearer $TOKEN\" -H 'Content-Type: application/json' -d '{\"query\":\"{ getViewDefinitions(ctx:\\\"containers\\\") { publicList { viewId name } } }\"}'",
          "Large lists page: cloudexDetails takes page and pageSize (up to 1000); read pages until one comes back short. The node list's nodes carry monthlyCost and monthlyWaste as the Nodes grid shows them.",
        ],
      },
    ],
    related: ["settings"],
  },
];

const BY_SLUG = new Map<string, HelpPage>(HELP_PAGES.map((p) => [p.slug, p]));

export function helpPage(slug: string): HelpPage | undefined {
  return BY_SLUG.get(slug);
}

/** A page's whole text, for the search. */
export function helpText(page: HelpPage): string {
  return page.sections
    .flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.steps ?? []), ...(s.terms ?? []).flatMap((t) => [t.term, t.text])])
    .join(" ");
}
