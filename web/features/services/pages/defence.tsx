import { DEFENCE_PAGE } from "@/features/services/content/defence";
import { ServiceDetailsPage } from "@/features/services/details-section";

export default function DefencePage() {
  return <ServiceDetailsPage content={DEFENCE_PAGE} />;
}
