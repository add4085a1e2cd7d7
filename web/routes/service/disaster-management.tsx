import { MapPinned, Timer } from "lucide-react";
import { DetailCard, DetailGrid } from "@/components/service/detail-card";
import { ServiceSection } from "@/components/service/section";
import { ServicePage } from "@/components/service/service-page";
import { DISASTER_PAGE } from "@/content/services/disaster-management";

export default function DisasterManagementPage() {
  const { details } = DISASTER_PAGE;
  return (
    <ServicePage content={DISASTER_PAGE}>
      <ServiceSection id="services" heading={details.heading} description={details.description} tone="muted">
        <DetailGrid>
          {details.items.map((item) => (
            <DetailCard
              key={item.title}
              icon={item.icon}
              title={item.title}
              description={item.description}
              facts={[
                { icon: Timer, label: "Response time", value: item.responseTime, prominent: true },
                { icon: MapPinned, label: "Coverage", value: item.coverage },
              ]}
            />
          ))}
        </DetailGrid>
      </ServiceSection>
    </ServicePage>
  );
}
