// What a signed-in user outside the staff group sees at /staff (the API answered 403).
import { Link } from "react-router";
import { paths } from "#app/config/paths";

export function StaffOnly() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-extrabold">Staff only</h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-700">
        This page is for the institute's staff. Your account is not in the staff group; if it should be, ask an administrator.
      </p>
      <Link to={paths.home} className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}
