import { DetailCard, DetailGrid } from "@/components/service/detail-card";
import { ServiceSection } from "@/components/service/section";
import { ServicePage } from "@/components/service/service-page";
import { DEFENCE_PAGE } from "@/content/services/defence";

export default function DefencePage() {
  const { details } = DEFENCE_PAGE;
  return (
    <ServicePage content={DEFENCE_PAGE}>
      <ServiceSection id="services" heading={details.heading} description={details.description} tone="muted">
        <DetailGrid>
          {details.items.map((item) => (
            <DetailCard
              key={item.title}
              icon={item.icon}
              title={item.title}
              description={item.description}
              lists={[
                { label: "Capabilities", items: item.features },
                { label: "Who it serves", items: item.clients },
              ]}
            />
          ))}
        </DetailGrid>
      </ServiceSection>
    </ServicePage>
  );
}
