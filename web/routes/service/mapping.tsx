import { DetailCard, DetailGrid } from "@/components/service/detail-card";
import { ServiceSection } from "@/components/service/section";
import { ServicePage } from "@/components/service/service-page";
import { MAPPING_PAGE } from "@/content/services/mapping";

export default function MappingPage() {
  const { details } = MAPPING_PAGE;
  return (
    <ServicePage content={MAPPING_PAGE}>
      <ServiceSection id="services" heading={details.heading} description={details.description} tone="muted">
        <DetailGrid>
          {details.items.map((item) => (
            <DetailCard
              key={item.title}
              icon={item.icon}
              title={item.title}
              description={item.description}
              lists={[
                { label: "Specifications", items: item.specifications },
                { label: "Applications", items: item.applications },
              ]}
            />
          ))}
        </DetailGrid>
      </ServiceSection>
    </ServicePage>
  );
}
