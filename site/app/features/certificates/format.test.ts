import { describe, expect, it } from "vitest";
import { certificateIdPattern, formatDay, linkedInAddUrl, normaliseCertificateId, offeredName } from "./format";

/** The add-to-profile link as the API builds it for a certificate. */
const apiLink =
  "https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=MERN%20Stack%20Development&organizationName=Skyline%20Tech%20Academy&issueYear=2026&issueMonth=3&certUrl=https%3A%2F%2Facademy.example%2Fverify%2FSKY-7K3Q-9WXD-M2PA-4TRE&certId=SKY-7K3Q-9WXD-M2PA-4TRE";

describe("linkedInAddUrl", () => {
  it("keeps LinkedIn's documented add-to-profile link with every field", () => {
    const url = new URL(linkedInAddUrl(apiLink)!);
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: "MERN Stack Development",
      organizationName: "Skyline Tech Academy",
      issueYear: "2026",
      issueMonth: "3",
      certUrl: "https://academy.example/verify/SKY-7K3Q-9WXD-M2PA-4TRE",
      certId: "SKY-7K3Q-9WXD-M2PA-4TRE",
    });
  });

  it("refuses any other address, so the button never leads elsewhere", () => {
    for (const other of [
      "",
      null,
      "javascript:alert(1)",
      "http://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=x&certId=y",
      "https://www.linkedin.com.evil.example/profile/add?startTask=CERTIFICATION_NAME&name=x&certId=y",
      "https://evil.example/?u=https://www.linkedin.com/profile/add",
      "https://www.linkedin.com/feed/",
      "https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME",
    ]) {
      expect(linkedInAddUrl(other), String(other)).toBeNull();
    }
  });
});

describe("formatDay", () => {
  it("writes the day itself whatever the time zone", () => {
    expect(formatDay("2026-03-01")).toBe("1 March 2026");
    expect(formatDay("2026-12-31")).toBe("31 December 2026");
    expect(formatDay("not a day")).toBe("not a day");
  });
});

describe("normaliseCertificateId", () => {
  it("reads a typed or spoken id in the API's form", () => {
    expect(normaliseCertificateId("SKY-7K3Q-9WXD-M2PA-4TRE")).toBe("SKY-7K3Q-9WXD-M2PA-4TRE");
    expect(normaliseCertificateId(" sky 7k3q 9wxd m2pa 4tre ")).toBe("SKY-7K3Q-9WXD-M2PA-4TRE");
    expect(normaliseCertificateId("7K3Q9WXDM2PA4TRE")).toBe("SKY-7K3Q-9WXD-M2PA-4TRE");
    expect(normaliseCertificateId("SKY-7K3Q-9WXD-M2PA-4TRO")).toBe("SKY-7K3Q-9WXD-M2PA-4TR0");
    expect(normaliseCertificateId("SKY-7K3Q-9WXD-M2PA-4TRI")).toBe("SKY-7K3Q-9WXD-M2PA-4TR1");
    expect(certificateIdPattern.test(normaliseCertificateId("sky-7k3q-9wxd-m2pa-4trl"))).toBe(true);
    expect(certificateIdPattern.test(normaliseCertificateId("SKY-7K3Q-9WXD-M2PA-4TRU"))).toBe(false);
    expect(normaliseCertificateId("hello")).toBe("HELLO");
  });
});

describe("offeredName", () => {
  it("offers the account's name", () => {
    expect(offeredName("Zoë O'Brien", "zoe@example.pk")).toBe("Zoë O'Brien");
    expect(offeredName(" Ayesha Khan ", undefined)).toBe("Ayesha Khan");
  });

  it("offers nothing for the e-mail or its part before the @ given as the name", () => {
    expect(offeredName("x.student", "x.student@example.test")).toBe("");
    expect(offeredName("X.Student", "x.student@example.test")).toBe("");
    expect(offeredName("x.student@example.test", "X.Student@Example.test")).toBe("");
    expect(offeredName("", "x@example.test")).toBe("");
  });
});
