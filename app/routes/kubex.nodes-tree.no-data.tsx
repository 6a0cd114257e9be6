import { NoData } from "~/components/ui/NoData";

export default function NodesNoData() {
  return <NoData />;
}
