// The forms' validation with the API's own zod schemas. Zod would try `new Function` once to see whether it may
// compile its object parsers; the site's Content-Security-Policy forbids that, and the browser reports the refusal as a
// policy violation (a console issue on every page with a form). The forms' schemas are small: they are checked
// without compiling. Every form takes its resolver from here, so the setting is made before any form validates.
import { zodResolver } from "@hookform/resolvers/zod";
import { config } from "zod/v4/core";

config({ jitless: true });

export { zodResolver };
