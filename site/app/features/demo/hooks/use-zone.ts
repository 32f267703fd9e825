// Which zone the booking pages write times in: the visitor's own or, when the visitor switches, the institute's.
// Used only by what renders in the browser (the widget, the manage page once hydrated): the build knows no zone.
import { useState } from "react";
import { INSTITUTE_ZONE, knownZone, visitorZone } from "#app/lib/demo-time";

export function useZone() {
  const [own] = useState(() => knownZone(visitorZone()));
  const [institute, setInstitute] = useState(false);
  return { own, zone: institute ? INSTITUTE_ZONE : own, institute, setInstitute };
}

export type ZoneChoice = ReturnType<typeof useZone>;
