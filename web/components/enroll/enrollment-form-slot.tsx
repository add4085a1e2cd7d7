// Where the enrollment form goes (it arrives with the enrollment issue and replaces this component's body).
// Until then visitors can apply by e-mail or phone.

import { COURSES, type CourseType } from "@shared/constants";
import { Mail, Phone } from "lucide-react";
import { COMPANY } from "@/content/company";

export function EnrollmentFormSlot({ course }: { course: CourseType }) {
  const email = COMPANY.emails[1].address;
  const phone = COMPANY.phones[0];
  const subject = encodeURIComponent(`Enrollment: ${COURSES[course].title} course`);
  return (
    <div className="space-y-5 text-sm leading-relaxed text-slate-700">
      <p>
        To apply for the {COURSES[course].title} course, send us your full name, contact details, highest
        level of education and any flying experience. Our training team will confirm your place and the next
        available course dates.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <a
            href={`mailto:${email}?subject=${subject}`}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 hover:border-brand-200 hover:bg-brand-50"
          >
            <Mail className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <span className="block font-semibold text-slate-900">Apply by e-mail</span>
              <span className="block break-all text-brand-700">{email}</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href={`tel:${phone.tel}`}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 hover:border-brand-200 hover:bg-brand-50"
          >
            <Phone className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <span className="block font-semibold text-slate-900">Call our office</span>
              <span className="block text-brand-700">{phone.display}</span>
            </span>
          </a>
        </li>
      </ul>
    </div>
  );
}
