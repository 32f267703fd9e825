// The header's account actions, drawn in the real header: Sign In, or LMS and the user menu with Sign out.
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Header } from "#app/components/Header";
import { StaticHeader } from "#app/components/StaticHeader";
import { layoutData } from "#app/lib/layout-data.server";
import { staticHtml } from "#app/lib/static-html.server";
import { renderAt } from "#app/test/render";
import type { Session } from "../session";
import { SessionActions } from "./SessionActions";

const session = vi.hoisted(() => ({ current: { status: "signed-out", user: null } as Session }));
const signOutRedirect = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock("../session", () => ({ useSession: () => session.current }));
vi.mock("../oidc-client", () => ({ signOutRedirect }));

const data = layoutData();
/** The header as the build draws it (signed out, as every page is pre-rendered) and the root gives it the session. */
const html = staticHtml(<Header brandName={data.brand.name} logo={data.brand.logo} nav={data.nav} sessionActions={<SessionActions />} />);
const header = () => (
  <StaticHeader
    html={html}
    nav={data.nav}
    signedIn={session.current.status === "signed-in"}
    sessionActions={(c) => <SessionActions className={c} />}
  />
);
const mainNav = () => screen.getByRole("navigation", { name: "Main" });

beforeEach(() => {
  session.current = { status: "signed-out", user: null };
});

describe("Session actions in the header", () => {
  it("shows Sign In when signed out and the LMS button when signed in", () => {
    renderAt(header());
    expect(within(mainNav().parentElement!).getAllByRole("link", { name: "Sign In" })[0]!.getAttribute("href")).toBe("/sign-in");
    expect(screen.queryAllByRole("link", { name: /LMS/ })).toHaveLength(0);
  });

  it("shows a user menu with the name, the e-mail and Sign out", async () => {
    session.current = { status: "signed-in", user: { name: "Ayesha Khan", email: "ayesha@example.com" } };
    renderAt(header());
    const account = (await screen.findAllByRole("button", { name: "Account: Ayesha Khan" }))[0]!;
    expect(account.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(account);
    expect(account.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByText("ayesha@example.com")[0]).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Sign out" })[0]!);
    await vi.waitFor(() => expect(signOutRedirect).toHaveBeenCalled());
    expect(screen.queryAllByRole("link", { name: /Sign In/ })).toHaveLength(0);
  });

  it("shows the LMS button for a signed-in user", () => {
    session.current = { status: "signed-in", user: { name: "Test Student" } };
    renderAt(header());
    expect(screen.getAllByRole("link", { name: "LMS" })[0]!.getAttribute("href")).toBe("/lms");
    expect(screen.queryAllByRole("link", { name: "Sign In" })).toHaveLength(0);
  });

  it("shows the Staff link to staff only", () => {
    session.current = { status: "signed-in", user: { name: "Test Student" } };
    const { unmount } = renderAt(header());
    expect(screen.queryAllByRole("link", { name: "Staff" })).toHaveLength(0);
    unmount();
    session.current = { status: "signed-in", user: { name: "Sana Staff", staff: true } };
    renderAt(header());
    expect(screen.getAllByRole("link", { name: "Staff" })[0]!.getAttribute("href")).toBe("/staff");
  });
});
