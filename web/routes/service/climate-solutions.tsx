import { ServiceDetailsPage } from "@/components/service/details-section";
import { CLIMATE_PAGE } from "@/content/services/climate-solutions";

export default function ClimateSolutionsPage() {
  return <ServiceDetailsPage content={CLIMATE_PAGE} />;
}
