resource "aws_instance" "web" {
  ami           = "ami-123"
  instance_type = "t3.micro"
  count         = 2
  tags = {
    Name = "web"
  }
  root_block_device {
    volume_size = 20
  }
}
resource "aws_instance" "db" {
  ami           = data.aws_ami.db.id
  instance_type = var.db_type
}
module "vpc" {
  source = "terraform-aws-modules/vpc/aws"
  azs    = ["a", "b"]
}
