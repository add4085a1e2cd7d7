import { DetailCard, DetailGrid } from "@/components/service/detail-card";
import { ServiceSection } from "@/components/service/section";
import { ServicePage } from "@/components/service/service-page";
import { DATA_ANALYSIS_PAGE } from "@/content/services/data-analysis";

export default function DataAnalysisPage() {
  const { details } = DATA_ANALYSIS_PAGE;
  return (
    <ServicePage content={DATA_ANALYSIS_PAGE}>
      <ServiceSection id="services" heading={details.heading} description={details.description} tone="muted">
        <DetailGrid>
          {details.items.map((item) => (
            <DetailCard
              key={item.title}
              icon={item.icon}
              title={item.title}
              description={item.description}
              lists={[
                { label: "Features", items: item.features },
                { label: "Outputs", items: item.outputs },
              ]}
            />
          ))}
        </DetailGrid>
      </ServiceSection>
    </ServicePage>
  );
}
