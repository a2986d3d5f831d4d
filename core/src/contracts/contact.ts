import { z } from "zod";

export const contactSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(200, "Name is too long"),
  email: z.string().trim().pipe(z.email("Please enter a valid email address")),
  company: z.string().trim().min(2, "Company name must be at least 2 characters").max(200, "Company name is too long"),
  phone: z
    .string()
    .trim()
    .max(50, "Phone number is too long")
    .optional()
    .transform((v) => (v ? v : undefined)),
  subject: z.string().trim().min(5, "Subject must be at least 5 characters").max(300, "Subject is too long"),
  message: z.string().trim().min(20, "Message must be at least 20 characters").max(10_000, "Message is too long"),
});
export type ContactInput = z.infer<typeof contactSchema>;
