// The simple enrolment form for visitors in Pakistan and Qatar (docs/product.md#records, #behaviour, #validation, #messages): course, name, e-mail,
// phone required; message optional; country Pakistan; /Thank-you one second after success.
import { useState, type FormEvent } from "react";
import { formValues, useSubmission, type SubmissionTexts } from "../hooks/use-submission";
import { enrolmentErrorFallback, enrolmentFailedFallback, type EnrolCourse, type EnrolmentTitle } from "./enrolment";
import { Honeypot, SelectField, SubmitButton, TextArea, TextField } from "#app/components/FormFields";

const texts: SubmissionTexts = {
  success: {
    title: "Enrollment Request Sent!",
    description: "Thank you for your interest. We'll get back to you soon with course details.",
  },
  failedFallback: enrolmentFailedFallback,
  errorFallback: enrolmentErrorFallback,
};

export function EnrollmentForm({ courses, initialCourse, country }: { courses: EnrolCourse[]; initialCourse: string; country: string }) {
  const { submit, submitting, fieldErrors, clearFieldError } = useSubmission({ formType: "enrollment-form", texts, redirectAfterMs: 1000 });
  const [course, setCourse] = useState(initialCourse);
  const props = (name: string) => ({ name, error: fieldErrors[name], onEdit: clearFieldError });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { firstName = "", lastName = "", email = "", phone = "", course = "", ...rest } = formValues(form);
    // The select offers the catalog's titles, which the contract lists (enrolment.test.ts holds them equal).
    if (await submit({ ...rest, firstName, lastName, email, phone, course: course as EnrolmentTitle })) {
      form.reset();
      setCourse("");
    }
  };
  return (
    <form id="enrollment-form" onSubmit={onSubmit} className="relative grid gap-5 sm:grid-cols-2" aria-busy={submitting}>
      <SelectField {...props("course")} label="Course" required value={course} onChange={(e) => setCourse(e.target.value)} className="sm:col-span-2">
        <option value="">Select a course</option>
        {courses.map((c) => (
          <option key={c.slug} value={c.title}>
            {c.title} ({c.duration})
          </option>
        ))}
      </SelectField>
      <TextField {...props("firstName")} label="First name" required autoComplete="given-name" />
      <TextField {...props("lastName")} label="Last name" required autoComplete="family-name" />
      <TextField {...props("email")} label="E-mail" type="email" required autoComplete="email" />
      <TextField {...props("phone")} label="Phone (WhatsApp)" type="tel" required autoComplete="tel" />
      <TextArea {...props("message")} label="Message" rows={4} className="sm:col-span-2" />
      <input type="hidden" name="country" value={country} />
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitButton busy={submitting} label="Submit Enrollment" busyLabel="Submitting..." className="w-full sm:w-auto" />
      </div>
    </form>
  );
}
