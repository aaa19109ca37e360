CREATE TABLE "client_chat_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_chat_attachments" ADD CONSTRAINT "client_chat_attachments_message_id_client_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."client_chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_chat_attachments_message_idx" ON "client_chat_attachments" USING btree ("message_id");