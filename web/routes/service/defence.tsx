import { ServiceDetailsPage } from "@/components/service/details-section";
import { DEFENCE_PAGE } from "@/content/services/defence";

export default function DefencePage() {
  return <ServiceDetailsPage content={DEFENCE_PAGE} />;
}
