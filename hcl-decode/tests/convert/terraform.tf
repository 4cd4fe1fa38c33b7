# A Terraform-style module, for the conversion tests.
terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

/* The region,
   for every resource. */
variable "region" {
  type        = string
  default     = "eu-west-1"
  description = "Where \"everything\" runs."
}

variable "subnets" {
  type    = map(object({ cidr = string, public = bool }))
  default = {}
}

locals {
  name     = "demo-${var.region}"
  tags     = merge(var.tags, { Name = local.name }) // merged
  literal  = "costs $${price} and %%{not a directive}"
  joined   = "${join(",", ["a", "b"])}-x"
  numbers  = [1, 2.5, -3, 1e3]
  nothing  = null
  enabled  = true
  unicode  = "h\u00e9llo \U0001F600"
  multi    = <<-EOT
    line one
    line ${local.name}
  EOT
  plain    = <<EOT
no interpolation here
EOT
  cond     = var.region == "eu-west-1" ? "eu" : "other"
  squares  = [for n in [1, 2, 3] : n * n]
  by_name  = { for k, v in var.subnets : k => v.cidr if v.public }
  splat    = aws_subnet.this[*].id
  object   = { a = 1, "b c" = [true, null] }
  nested = [
    # a comment inside an expression is lost
    1,
    2,
  ]
}

resource "aws_vpc" "this" {
  cidr_block = "10.0.0.0/16"
  tags       = local.tags
}

resource "aws_subnet" "this" {
  for_each   = var.subnets
  vpc_id     = aws_vpc.this.id
  cidr_block = each.value.cidr

  dynamic "tag" {
    for_each = each.value.public ? [1] : []
    content {
      key   = "public"
      value = "yes"
    }
  }
}

resource "aws_security_group" "web" {
  name = "web"
  ingress {
    from_port = 80
    to_port   = 80
  }
  ingress {
    from_port = 443
    to_port   = 443
  }
}

output "vpc_id" {
  value     = aws_vpc.this.id
  sensitive = false
}
