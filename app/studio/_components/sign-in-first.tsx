// What a studio page shows a browser with no signed-in wallet: the way to the studio's sign-in.
import Link from "next/link";

export function SignInFirst() {
  return (
    <p>
      Sign in on{" "}
      <Link href="/studio" className="text-mint underline">
        the studio&apos;s page
      </Link>{" "}
      first.
    </p>
  );
}
