// The contact page's message form (docs/product.md#behaviour, #validation, #messages): browser validation, 'Sending...' while submitting,
// /Thank-you one second after success, the exact toasts, and the server's reasons next to the fields.
import type { FormEvent } from "react";
import { useSubmission, formValues, type SubmissionTexts } from "../hooks/use-submission";
import { Honeypot, SubmitButton, TextArea, TextField } from "#app/components/FormFields";

const texts: SubmissionTexts = {
  success: { title: "Message Sent!", description: "Thank you for contacting us. We'll get back to you soon." },
  failedFallback: "Please try again later.",
  errorFallback: "Something went wrong. Please try again later.",
};

export function ContactForm({ inquiryType = "" }: { inquiryType?: string }) {
  const { submit, submitting, fieldErrors, clearFieldError } = useSubmission({ formType: "contact-form", texts, redirectAfterMs: 1000 });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { firstName = "", lastName = "", email = "", message = "", ...rest } = formValues(form);
    if (await submit({ ...rest, firstName, lastName, email, message })) form.reset();
  };
  const props = (name: string) => ({ name, error: fieldErrors[name], onEdit: clearFieldError });
  return (
    <form id="contact-form" onSubmit={onSubmit} className="relative mt-6 grid gap-5 sm:grid-cols-2" aria-busy={submitting}>
      <TextField {...props("firstName")} label="First name" required autoComplete="given-name" />
      <TextField {...props("lastName")} label="Last name" required autoComplete="family-name" />
      <TextField {...props("email")} label="E-mail" type="email" required autoComplete="email" />
      <TextField {...props("phone")} label="Phone" type="tel" autoComplete="tel" />
      <TextArea {...props("message")} label="Message" required className="sm:col-span-2" />
      <input type="hidden" name="inquiryType" value={inquiryType} />
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitButton busy={submitting} label="Send Message" busyLabel="Sending..." className="w-full sm:w-auto" />
      </div>
    </form>
  );
}
