import { ServiceDetailsPage } from "@/components/service/details-section";
import { MAPPING_PAGE } from "@/content/services/mapping";

export default function MappingPage() {
  return <ServiceDetailsPage content={MAPPING_PAGE} />;
}
