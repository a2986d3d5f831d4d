import { Link, useLocation, useNavigate } from "react-router-dom";
import { Button } from "../ui/button";
import { Logo } from "./logo";
import { SkipLink } from "./skip-link";

export const PRICING_SECTION_ID = "pricing";

/** Scrolls to the landing page's pricing section, or opens the landing page there from any other page. */
function usePricingNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    const section = document.getElementById(PRICING_SECTION_ID);
    if (location.pathname === "/" && section) {
      section.scrollIntoView({ behavior: "smooth", block: "start" });
      // Move focus too, so keyboard and screen-reader users land where the eye does.
      section.focus({ preventScroll: true });
    } else {
      navigate("/pricing");
    }
  };
}

/** The header of pages for visitors who are not signed in. */
export function PublicHeader() {
  const goToPricing = usePricingNavigation();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <Link to="/contact">Contact Us</Link>
          </Button>
          <Button variant="ghost" size="sm" className="hidden sm:inline-flex" onClick={goToPricing}>
            Pricing
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/login">Login</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/register">Get Started</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
