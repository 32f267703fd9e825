// @vitest-environment node
// The layer rules of eslint.config.js (docs/decisions/0020-site-layers-enforced.md) refuse what they should: lib
// reaching up into a feature, one feature importing another, components importing routes, one staff console area
// importing another or the console; and allow the way down.
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: fileURLToPath(new URL("..", import.meta.url)) });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("the site's layers", () => {
  it("refuse imports that flow up or across features", async () => {
    expect(await layerErrors("app/lib/probe.ts", 'import { useSession } from "../features/auth/session";\nexport const x = useSession;\n')).toHaveLength(1);
    expect(await layerErrors("app/features/lms/probe.ts", 'import { sendEmail } from "../forms/api/send-email";\nexport const x = sendEmail;\n')).toHaveLength(1);
    expect(await layerErrors("app/components/probe.ts", 'import { loader } from "../routes/home";\nexport const x = loader;\n')).toHaveLength(1);
    expect(await layerErrors("app/config/probe.ts", 'import { brand } from "../content/brand";\nexport const x = brand;\n')).toHaveLength(1);
    // The #app/… alias (package.json "imports") resolves to the same files, so it is refused the same way.
    expect(await layerErrors("app/lib/probe.ts", 'import { useSession } from "#app/features/auth/session";\nexport const x = useSession;\n')).toHaveLength(1);
    expect(await layerErrors("app/features/lms/probe.ts", 'import { sendEmail } from "#app/features/forms/api/send-email";\nexport const x = sendEmail;\n')).toHaveLength(1);
  }, 60_000);

  it("keep the staff console's areas apart, sharing only the kit", async () => {
    expect(await layerErrors("app/features/staff/payments/probe.ts", 'import { listSlots } from "#app/features/staff/demo/api/demo";\nexport const x = listSlots;\n')).toHaveLength(1);
    expect(await layerErrors("app/features/staff/payments/probe.ts", 'import { formLabel } from "../components/labels";\nexport const x = formLabel;\n')).toHaveLength(1);
    expect(await layerErrors("app/features/staff/kit/probe.ts", 'import { listSlots } from "../demo/api/demo";\nexport const x = listSlots;\n')).toHaveLength(1);
    expect(await layerErrors("app/features/staff/payments/probe.ts", 'import { Loading } from "../kit/components/States";\nimport { listPayments } from "./api/payments";\nexport const x = [Loading, listPayments];\n')).toEqual([]);
    expect(await layerErrors("app/features/staff/components/probe.ts", 'import { DemoSection } from "../demo/components/DemoSection";\nimport { Loading } from "../kit/components/States";\nexport const x = [DemoSection, Loading];\n')).toEqual([]);
  }, 60_000);

  it("allow imports down the layers and within a feature", async () => {
    expect(await layerErrors("app/features/lms/probe.ts", 'import { getBatch } from "./api/get-batch";\nimport { Icon } from "../../components/Icon";\nimport { apiGet } from "../../lib/api-client";\nexport const x = [getBatch, Icon, apiGet];\n')).toEqual([]);
    expect(await layerErrors("app/features/lms/probe.ts", 'import { getBatch } from "#app/features/lms/api/get-batch";\nimport { apiGet } from "#app/lib/api-client";\nexport const x = [getBatch, apiGet];\n')).toEqual([]);
    expect(await layerErrors("app/routes/probe.ts", 'import { SessionActions } from "../features/auth/components/SessionActions";\nexport const x = SessionActions;\n')).toEqual([]);
  }, 60_000);
});
