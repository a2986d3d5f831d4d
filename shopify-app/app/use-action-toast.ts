// A form's action done: told in Shopify admin's own toast; failures (an answer with a status) stay on the page as a
// banner with what to do.
import { useAppBridge } from "@shopify/app-bridge-react";
import { useEffect } from "react";

export function useActionToast(answer: object | undefined) {
  const shopify = useAppBridge();
  useEffect(() => {
    if (answer && !("status" in answer) && "message" in answer && typeof answer.message === "string" && answer.message)
      shopify.toast.show(answer.message);
  }, [answer, shopify]);
}
