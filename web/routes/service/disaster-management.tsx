import { ServiceDetailsPage } from "@/components/service/details-section";
import { DISASTER_PAGE } from "@/content/services/disaster-management";

export default function DisasterManagementPage() {
  return <ServiceDetailsPage content={DISASTER_PAGE} />;
}
