import { MAPPING_PAGE } from "@/features/services/content/mapping";
import { ServiceDetailsPage } from "@/features/services/details-section";

export default function MappingPage() {
  return <ServiceDetailsPage content={MAPPING_PAGE} />;
}
