// A console field ties its label to the control, and a refusal naming it marks the control invalid and describes it
// by the message; without a refusal the control has neither.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api-client";
import { Field, fieldErrors } from "./Field";

function Form({ error }: { error: unknown }) {
  const errors = fieldErrors("f", error, { email: "E-mail" });
  return (
    <Field id="f-email" label="E-mail" errors={errors} name="email">
      {(control) => <input type="email" {...control} />}
    </Field>
  );
}

describe("Field", () => {
  it("labels its control and shows the API's refusal under it", () => {
    const { rerender } = render(<Form error={null} />);
    const input = screen.getByLabelText("E-mail");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();

    rerender(<Form error={new ApiError(400, "Bad Request", "Invalid.", { fields: { email: "is not an e-mail address" } })} />);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("f-email-error");
    expect(document.getElementById("f-email-error")?.textContent).toBe("E-mail is not an e-mail address");
  });
});
