import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { markSignedOutHere, userQueryKey } from "../../hooks/use-auth";

/** After the server ended this browser's session (signed out everywhere, account deleted): forget it and go home. */
export function useSignedOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    markSignedOutHere();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    queryClient.setQueryData(userQueryKey, null);
    navigate("/", { replace: true });
  };
}
