import { DetailCard, DetailGrid } from "@/components/service/detail-card";
import { ServiceSection } from "@/components/service/section";
import { ServicePage } from "@/components/service/service-page";
import { CLIMATE_PAGE } from "@/content/services/climate-solutions";

export default function ClimateSolutionsPage() {
  const { details } = CLIMATE_PAGE;
  return (
    <ServicePage content={CLIMATE_PAGE}>
      <ServiceSection id="services" heading={details.heading} description={details.description} tone="muted">
        <DetailGrid>
          {details.items.map((item) => (
            <DetailCard
              key={item.title}
              icon={item.icon}
              title={item.title}
              description={item.description}
              lists={[{ label: "What we measure", items: item.points }]}
            />
          ))}
        </DetailGrid>
      </ServiceSection>
    </ServicePage>
  );
}
