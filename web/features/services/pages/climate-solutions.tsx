import { CLIMATE_PAGE } from "@/features/services/content/climate-solutions";
import { ServiceDetailsPage } from "@/features/services/details-section";

export default function ClimateSolutionsPage() {
  return <ServiceDetailsPage content={CLIMATE_PAGE} />;
}
