import { ServiceDetailsPage } from "@/components/service/details-section";
import { DATA_ANALYSIS_PAGE } from "@/content/services/data-analysis";

export default function DataAnalysisPage() {
  return <ServiceDetailsPage content={DATA_ANALYSIS_PAGE} />;
}
