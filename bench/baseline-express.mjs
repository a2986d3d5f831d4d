// A second reference for the API benchmark: Express (the framework the site is built on) with no middleware,
// answering the same fixed JSON. It shows how much of the gap to bare node:http is the framework itself.
import express from "express";

const body = { id: 1, email: "bench@example.com", firstName: "Bench", lastName: "User", subscriptionPlan: "free" };
const app = express();
app.get("/", (_req, res) => {
  res.json(body);
});
app.listen(Number(process.argv[2]), "127.0.0.1");
