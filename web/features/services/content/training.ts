import { COURSE_TYPES, COURSES, type Course, MAX_STUDENTS_PER_CLASS } from "@shared/constants";
import { withServedText } from "@shared/content/served-content";
import { formatFjd } from "@shared/money-format";
import { Award, GraduationCap, Users } from "lucide-react";
import type { ServicePageContent, TrainingCourse } from "./types";

/**
 * Price, duration, entry requirements and certificate come from the one course catalogue in shared/constants. The
 * price and duration are read when shown: the owner changes them in Settings (ADR 036).
 */
function fromCatalogue(
  course: Course,
  own: Omit<TrainingCourse, "title" | "duration" | "price" | "requirements" | "certification">,
): TrainingCourse {
  return {
    ...own,
    title: course.title,
    get duration() {
      return `${course.durationDays} Days`;
    },
    get price() {
      return formatFjd(course.priceCents, "public");
    },
    requirements: course.entryRequirements,
    // Read when shown: the certificate title is the owner's words (ADR 058).
    get certification() {
      return course.certificate;
    },
  };
}

export const TRAINING_COURSES: readonly TrainingCourse[] = [
  fromCatalogue(COURSES.basic, {
    description:
      "An introduction to safe, legal drone operations for new pilots and for professionals adding RPAS to their work.",
    modules: [
      "Air law and CAAF regulations",
      "Aircraft systems and pre-flight inspection",
      "Meteorology for tropical conditions",
      "Airspace, charts and flight planning",
      "Practical flight skills and emergency handling",
      "Theory examination and flight assessment",
    ],
  }),
  fromCatalogue(COURSES.advanced, {
    description:
      "For working pilots who want to fly complex commercial and government operations with confidence and precision.",
    modules: [
      "Advanced manoeuvres and precision control",
      "Operations in controlled airspace",
      "Night and beyond visual line of sight (BVLOS) procedures",
      "Mapping, inspection and payload operations",
      "Operational risk assessment and crew coordination",
      "Emergency procedures and incident reporting",
    ],
    prerequisite: "Prior drone flying experience is required.",
    isPopular: true,
  }),
  fromCatalogue(COURSES.instructor, {
    description:
      "For experienced pilots ready to teach, assess and mentor the next generation of RPAS pilots in Fiji and the Pacific.",
    modules: [
      "Principles of adult learning and instruction",
      "Lesson planning and briefing techniques",
      "Flight instruction and in-flight coaching",
      "Student assessment and competency standards",
      "Training records and quality assurance",
      "Supervised teaching practice",
    ],
    prerequisite: "Extensive flying experience and a successful pre-course assessment are required.",
  }),
];

export const TRAINING_PAGE: ServicePageContent<TrainingCourse> = {
  slug: "training",
  accent: "teal",
  icon: GraduationCap,
  lead: "CAAF certified RPAS pilot training in Fiji, from first flight to instructor level, taught by experienced aviators in small classes with plenty of hands-on flying.",
  intro: {
    heading: "Training that builds safe, employable pilots",
    paragraphs: [
      "Our courses combine classroom theory, simulator practice and supervised flying at approved training sites. Every course is aligned with CAAF requirements and ICAO standards, so graduates leave with a recognised certificate and the judgement to fly safely in real operations.",
      `Classes are capped at ${MAX_STUDENTS_PER_CLASS} students, so every trainee gets individual coaching from instructors who have flown commercial, government and emergency missions across the Pacific.`,
    ],
    checklist: [
      "CAAF recognised certification at every level",
      "Theory, simulator and practical flight training",
      `Maximum ${MAX_STUDENTS_PER_CLASS} students per class`,
      "Training aircraft and equipment provided",
      "Instructors with operational backgrounds",
      "Career guidance and post-course support",
    ],
  },
  highlights: [
    {
      icon: Users,
      title: "Small Classes",
      description: `A maximum of ${MAX_STUDENTS_PER_CLASS} students per class means more flying time and individual feedback for every trainee.`,
    },
    {
      icon: Award,
      title: "Recognised Certification",
      description:
        "Graduates receive CAAF certificates that employers, insurers and the regulator recognise across Fiji.",
    },
  ],
  details: {
    heading: "Our training courses",
    description:
      "Three courses that form a clear pathway from new pilot to qualified instructor. Fees are in Fijian dollars and include course materials and the use of training aircraft.",
    items: TRAINING_COURSES,
  },
  metrics: {
    heading: "Training outcomes",
    description: "Results from the pilots who have trained with us.",
    items: [
      {
        metric: "Students Trained",
        value: "500+",
        description: "Pilots trained for government, defence, emergency services and commercial operators.",
      },
      {
        metric: "Pass Rate",
        value: "95%+",
        description: "Of students pass their CAAF certification assessment at the first attempt.",
      },
      {
        metric: "Student Rating",
        value: "4.9/5",
        description: "Average course rating given by our graduates in their course feedback.",
      },
      {
        metric: "Employment",
        value: "90%+",
        description: "Of graduates fly professionally or use RPAS in their work within a year of training.",
      },
    ],
  },
  closing: {
    heading: "Start your pilot training",
    description:
      "Ask about upcoming course dates and group bookings for your organisation, or visit our training centre to meet the instructors and see the aircraft.",
    emailLabel: "Course Information",
    emailSubject: "RPAS Training Course Information",
    contactLabel: "Schedule Visit",
  },
};

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.training", TRAINING_PAGE, "page");
// Each course's description and modules belong to its course section.
TRAINING_COURSES.forEach((course, index) => {
  const type = COURSE_TYPES[index];
  if (type) withServedText(`courses.${type}`, course, "page");
});
