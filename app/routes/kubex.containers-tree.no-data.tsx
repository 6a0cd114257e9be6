import { NoData } from "~/components/ui/NoData";

export default function ContainersNoData() {
  return <NoData />;
}
