import { describe, expect, it } from "vitest";
import { certificateNameProblem, normaliseCertificateName } from "./certificate-name";

describe("the certificate name rule", () => {
  it("accepts Latin names with accents, hyphens, apostrophes and periods", () => {
    for (const name of ["Ayesha Khan", "José Ñúñez-Ölçer", "Zoë O'Brien", "J. R. R. Tolkien", "Łukasz Żółć", "Ab", "Ægir Þórsson", "Nguyễn Thị Minh"]) {
      expect(certificateNameProblem(name), name).toBeNull();
    }
  });

  it("counts characters once trimmed, 2 to 80", () => {
    expect(certificateNameProblem("   ")).toBe("Enter the name to print on the certificate.");
    expect(certificateNameProblem(" A ")).toBe("The name needs at least 2 characters.");
    expect(certificateNameProblem(`  ${"a".repeat(80)}  `)).toBeNull();
    expect(certificateNameProblem("é".repeat(80))).toBeNull();
    expect(certificateNameProblem("a".repeat(81))).toBe("The name can have at most 80 characters (it has 81).");
  });

  it("refuses digits, other scripts and symbols, and says which", () => {
    expect(certificateNameProblem("Ayesha 2")).toBe("Use letters, spaces, hyphens, apostrophes and periods only (not 2).");
    expect(certificateNameProblem("Иван Петров")).toMatch(/^Use letters, spaces, hyphens, apostrophes and periods only \(not /);
    expect(certificateNameProblem("علی")).not.toBeNull();
    expect(certificateNameProblem("Ali <b>")).toBe("Use letters, spaces, hyphens, apostrophes and periods only (not < >).");
    expect(certificateNameProblem("Ali_Khan")).not.toBeNull();
    expect(certificateNameProblem("Ali \u1EFC")).not.toBeNull();
    expect(certificateNameProblem("-- ..")).toBe("Start the name with a letter.");
    expect(certificateNameProblem(".Zoë")).toBe("Start the name with a letter.");
    expect(certificateNameProblem("Ali × Khan")).toBe("Use letters, spaces, hyphens, apostrophes and periods only (not ×).");
  });

  it("normalises what a phone or a paste brings: composed accents, ’ as ', one space, trimmed", () => {
    expect(normaliseCertificateName("  Zoe\u0308   O\u2019Brien\t")).toBe("Zoë O'Brien");
    expect(certificateNameProblem("Zoe\u0308 O\u2019Brien")).toBeNull();
  });
});
