import { DISASTER_PAGE } from "@/features/services/content/disaster-management";
import { ServiceDetailsPage } from "@/features/services/details-section";

export default function DisasterManagementPage() {
  return <ServiceDetailsPage content={DISASTER_PAGE} />;
}
