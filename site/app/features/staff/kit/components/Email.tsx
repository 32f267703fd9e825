// An e-mail address that may wrap after its "@" and before its dots (a narrow column breaks it there, never one
// character a line); copying or reading it gives the address unchanged.
import { Fragment } from "react";

export function Email({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
