// React Router ships one build for development and production: its `warning(…)`, `warningOnce(…)` and
// `warnOnce(…)` calls (console warnings about misuse, with their message text) run in production too. In the
// client build each such call statement is dropped, messages and all (docs/decisions/0045-first-load-budgets.md);
// its invariants (which throw) stay as they are.
import MagicString from "magic-string";
import type { Plugin } from "vite";

const routerModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;
const warnings = new Set(["warning", "warningOnce", "warnOnce"]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/** The expression statements that are a call of one of React Router's warning functions. */
function warningStatements(node: Node, found: Node[]): void {
  if (
    node.type === "ExpressionStatement" &&
    isNode(node.expression) &&
    node.expression.type === "CallExpression" &&
    isNode(node.expression.callee) &&
    node.expression.callee.type === "Identifier" &&
    warnings.has(node.expression.callee.name as string)
  ) {
    found.push(node);
    return;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) warningStatements(v, found);
    if (isNode(value)) warningStatements(value, found);
  }
}

export function quietRouter(): Plugin {
  return {
    name: "academy:quiet-router",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!routerModule.test(id)) return;
      const found: Node[] = [];
      warningStatements(this.parse(code) as unknown as Node, found);
      if (!found.length) return;
      const s = new MagicString(code);
      for (const n of found) s.overwrite(n.start, n.end, ";");
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}
