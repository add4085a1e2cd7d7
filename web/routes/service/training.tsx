import { CourseCard } from "@/components/service/course-card";
import { ServiceSection } from "@/components/service/section";
import { ServicePage } from "@/components/service/service-page";
import { TRAINING_PAGE } from "@/content/services/training";

export default function TrainingPage() {
  const { details } = TRAINING_PAGE;
  return (
    <ServicePage content={TRAINING_PAGE}>
      <ServiceSection id="courses" heading={details.heading} description={details.description} tone="muted">
        <div className="grid gap-8 lg:grid-cols-3 lg:gap-6">
          {details.items.map((course) => (
            <CourseCard key={course.title} {...course} />
          ))}
        </div>
      </ServiceSection>
    </ServicePage>
  );
}
