import { DATA_ANALYSIS_PAGE } from "@/features/services/content/data-analysis";
import { ServiceDetailsPage } from "@/features/services/details-section";

export default function DataAnalysisPage() {
  return <ServiceDetailsPage content={DATA_ANALYSIS_PAGE} />;
}
