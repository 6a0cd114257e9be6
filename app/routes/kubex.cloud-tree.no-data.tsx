import { NoData } from "~/components/ui/NoData";

export default function CloudNoData() {
  return <NoData />;
}
