// The header's account actions: Sign In for a visitor; LMS (and Staff for staff) and the user menu once signed in.
import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { SectionButton } from "#app/components/SectionButton";
import { Icon } from "#app/components/Icon";
import { anchors, paths } from "#app/config/paths";
import { cx } from "#app/lib/cx";
import { useSession } from "../session";

// Every page is pre-rendered signed out: the menu's code loads only for a signed-in visitor.
const UserMenu = lazy(() => import("./UserMenu").then((m) => ({ default: m.UserMenu })));

export function SessionActions({ className }: { className?: string }) {
  const session = useSession();
  if (session.status === "signed-in") {
    return (
      <>
        <SectionButton to={paths.lms} sectionId={anchors.lms} label="LMS" className={cx("btn-secondary min-h-10 px-3 py-2 text-sm", className)} />
        {session.user.staff && (
          <NavLink to={paths.staff} className={cx("btn-secondary min-h-10 px-3 py-2 text-sm aria-[current=page]:bg-brand-50", className)}>
            Staff
          </NavLink>
        )}
        <Suspense fallback={null}>
          <UserMenu user={session.user} />
        </Suspense>
      </>
    );
  }
  return (
    <Link to={paths.signIn} className={cx("btn-primary min-h-10 px-4 py-2 text-sm", className)}>
      <Icon name="log-in" className="size-4" />
      Sign In
    </Link>
  );
}
